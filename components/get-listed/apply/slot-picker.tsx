"use client";

// The Homepage Compare slot: its length, the listed coin the token is compared with, and its first
// day from the calendar of free featured seats (GET /api/orders/calendar).
import { useQuery } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { useEffect, useId } from "react";
import { IndexedCoinSelector } from "@/components/coins/indexed-coin-selector";
import { Button } from "@/components/ui/button";
import { apiQuery } from "@/lib/api/endpoint-queries.browser";
import type { IndexedCoin } from "@/lib/coins/coin-index";
import { formatDay, formatWholeUsd } from "@/lib/shared/format";
import { FEATURED_SEATS, SLOT_OFFERS, type SlotLength } from "@/lib/orders/catalog";
import type { OrderChoices } from "./order-choices";
import { SlotCalendar } from "./slot-calendar";
import { addDays, canStart, freeByDay } from "./slot-days";

const ordersEndpoints = () => import("@/lib/orders/endpoints");

type SlotChoices = Pick<OrderChoices, "slotDays" | "startsOn" | "against">;
type SlotErrors = { slot?: string; startsOn?: string; against?: string };

/** What the picker and its details below the length both read. */
type SlotProps = {
  /** The buyer's token, as the comparison will name it. */
  symbol: string;
  value: SlotChoices;
  onChange: (patch: Partial<SlotChoices>) => void;
  /** The chosen first day no longer fits (a longer slot, a day filled up): drop it. */
  onDayLost: () => void;
  errors: SlotErrors;
  indexVersion: string;
};

export function SlotPicker({
  symbol,
  optional,
  value,
  onChange,
  onDayLost,
  errors,
  indexVersion,
}: SlotProps & {
  /** With a listing plan the slot is an extra; a token listed already comes for the slot. */
  optional: boolean;
}) {
  const id = useId();
  const pickLength = (days: SlotLength | null) => onChange({ slotDays: days });
  return (
    <fieldset className="flex flex-col gap-4" aria-describedby={`${id}-about`}>
      <legend className="mb-1 text-lg font-semibold">Homepage Compare slot{optional ? " (optional)" : ""}</legend>
      <p id={`${id}-about`} className="text-sm text-muted-foreground">
        {symbol} compared with a listed coin in the featured row on the home page, which shows at most {FEATURED_SEATS} comparisons at once.
      </p>
      <div role="radiogroup" aria-label="Slot length" className="flex flex-wrap gap-2" aria-describedby={errors.slot ? `${id}-slot-error` : undefined}>
        {optional ? <LengthOption name={id} label="No slot" checked={value.slotDays === null} onPick={() => pickLength(null)} /> : null}
        {SLOT_OFFERS.map((offer) => (
          <LengthOption
            key={offer.days}
            name={id}
            label={`${offer.duration} ${formatWholeUsd(offer.priceUsd)}`}
            checked={value.slotDays === offer.days}
            onPick={() => pickLength(offer.days)}
          />
        ))}
      </div>
      {errors.slot ? (
        <p id={`${id}-slot-error`} className="text-sm text-destructive">
          {errors.slot}
        </p>
      ) : null}
      {value.slotDays ? (
        <SlotDetails id={id} symbol={symbol} length={value.slotDays} value={value} onChange={onChange} onDayLost={onDayLost} errors={errors} indexVersion={indexVersion} />
      ) : null}
    </fieldset>
  );
}

function LengthOption({ name, label, checked, onPick }: { name: string; label: string; checked: boolean; onPick: () => void }) {
  return (
    <label className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50">
      <input type="radio" name={`${name}-length`} checked={checked} onChange={onPick} className="size-4 accent-primary outline-none" />
      {label}
    </label>
  );
}

function SlotDetails({ id, symbol, length, value, onChange, onDayLost, errors, indexVersion }: SlotProps & { id: string; length: SlotLength }) {
  const calendar = useQuery(apiQuery(ordersEndpoints, "slotCalendar"));
  // A longer slot, or a calendar read again after a day filled up, may no longer fit the chosen
  // first day: the choice is dropped rather than sent to be refused.
  const days = calendar.data?.days;
  const { startsOn } = value;
  useEffect(() => {
    if (days && startsOn && !canStart(freeByDay(days), startsOn, length)) onDayLost();
  }, [days, startsOn, length, onDayLost]);
  const lastDay = value.startsOn ? addDays(value.startsOn, length - 1) : null;
  return (
    <div className="flex flex-col gap-4">
      <AgainstChoice
        id={id}
        symbol={symbol}
        value={value.against}
        onChange={(coin) => onChange({ against: coin })}
        error={errors.against}
        indexVersion={indexVersion}
      />
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium">First day</span>
        {calendar.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Loading the free days…
          </p>
        ) : calendar.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
            Couldn&apos;t load the free days.
            <Button type="button" variant="outline" size="sm" onClick={() => void calendar.refetch()}>
              Try again
            </Button>
          </div>
        ) : calendar.data.days.length === 0 ? (
          <p className="text-sm text-muted-foreground">No days are on sale right now.</p>
        ) : (
          <SlotCalendar
            days={calendar.data.days}
            seats={calendar.data.seats}
            length={length}
            value={value.startsOn}
            onChange={(startsOn) => onChange({ startsOn })}
            describedBy={errors.startsOn ? `${id}-start-error` : undefined}
          />
        )}
        <p aria-live="polite" className="text-sm" data-testid="slot-days">
          {value.startsOn && lastDay
            ? `Runs ${formatDay(`${value.startsOn}T00:00:00Z`)}${length > 1 ? ` to ${formatDay(`${lastDay}T00:00:00Z`)}` : ""} (UTC).`
            : null}
        </p>
        {errors.startsOn ? (
          <p id={`${id}-start-error`} className="text-sm text-destructive">
            {errors.startsOn}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The listed coin the token is compared with in the featured row. */
function AgainstChoice(props: {
  id: string;
  symbol: string;
  value: IndexedCoin | null;
  onChange: (coin: IndexedCoin) => void;
  error: string | undefined;
  indexVersion: string;
}) {
  const { id, symbol, value, onChange, error, indexVersion } = props;
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-against`} className="text-sm font-medium">
        Compared with
      </span>
      <div className="flex items-center gap-2">
        <span className="shrink-0 font-semibold">{symbol} vs</span>
        <div className="min-w-0 flex-1 sm:max-w-xs">
          <IndexedCoinSelector indexVersion={indexVersion} value={value} onChange={onChange} placeholder="Select a coin" label="Compared with" />
        </div>
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </div>
  );
}
