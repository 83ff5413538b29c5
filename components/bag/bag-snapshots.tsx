"use client";

// A signed-in user's bag snapshots: 'Save snapshot' keeps today's two totals (never a balance),
// and the list shows how "today" and "at all-time highs" moved from one snapshot to the next.
import { format } from "date-fns";
import { Trash2 } from "lucide-react";
import { useBagSnapshots, useRemoveBagSnapshot, useSaveBagSnapshot } from "@/components/account/account-queries";
import { PriceChange } from "@/components/shell/price-change";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { BagSnapshot } from "@/lib/account/schemas";
import { Money } from "@/components/shell/money";

/** Percent change from `before` to `after`, or null when there is nothing to compare with. */
function change(after: number, before: number | undefined): number | null {
  return before === undefined || before <= 0 ? null : ((after - before) / before) * 100;
}

export function BagSnapshots({ userId, totals }: { userId: number; totals: { today: number; atHighs: number } }) {
  const snapshots = useBagSnapshots(userId);
  const save = useSaveBagSnapshot();
  const remove = useRemoveBagSnapshot();
  const list = snapshots.data ?? [];
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="bag-snapshots">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold">Your snapshots</h2>
          <p className="text-sm text-muted-foreground">Only the date and the two totals are kept, never your balances.</p>
        </div>
        <Button onClick={() => save.mutate({ totalToday: totals.today, totalAtHighs: totals.atHighs })} disabled={save.isPending}>
          Save snapshot
        </Button>
      </div>
      {snapshots.isError ? (
        <p className="text-sm text-muted-foreground">
          Couldn&apos;t load your snapshots.{" "}
          <button type="button" className="font-medium text-foreground underline underline-offset-4" onClick={() => void snapshots.refetch()}>
            Try again
          </button>
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{snapshots.isPending ? "Loading your snapshots…" : "No snapshots yet."}</p>
      ) : (
        <ul className="flex flex-col divide-y" aria-label="Bag snapshots">
          {list.map((snapshot, index) => (
            <SnapshotRow key={snapshot.id} snapshot={snapshot} previous={list[index + 1]} onRemove={() => remove.mutate(snapshot.id)} removing={remove.isPending} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SnapshotRow({ snapshot, previous, onRemove, removing }: { snapshot: BagSnapshot; previous: BagSnapshot | undefined; onRemove: () => void; removing: boolean }) {
  const when = format(new Date(snapshot.takenAt), "MMM d, yyyy, HH:mm");
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-2 py-2 text-sm sm:grid-cols-[10rem_1fr_1fr_auto]" data-testid="bag-snapshot">
      <span className="text-muted-foreground">{when}</span>
      <Button variant="ghost" size="icon" className="sm:order-last" onClick={onRemove} disabled={removing} aria-label={`Remove the snapshot of ${when}`}>
        <Trash2 aria-hidden />
      </Button>
      <Total label="Today" value={snapshot.totalToday} previous={previous?.totalToday} />
      <Total label="At all-time highs" value={snapshot.totalAtHighs} previous={previous?.totalAtHighs} />
    </li>
  );
}

function Total({ label, value, previous }: { label: string; value: number; previous: number | undefined }) {
  const moved = change(value, previous);
  return (
    <span className="flex flex-wrap items-center gap-x-2">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-medium tabular-nums">
        <Money usd={value} />
      </span>
      {moved !== null ? <PriceChange value={moved} /> : null}
    </span>
  );
}
