// The tokens quarantined because their own contract keeps failing the price read
// (lib/market/pass/quarantine.ts), newest quarantine first: symbol, since when, and the last reason.
import type { AdminCoin } from "@/lib/listings/schemas";
import { utcTime } from "./utc-time";

type Quarantined = AdminCoin & { quarantine: NonNullable<AdminCoin["quarantine"]> };

export function quarantinedCoins(coins: readonly AdminCoin[]): Quarantined[] {
  return coins
    .filter((coin): coin is Quarantined => coin.quarantine !== null)
    .sort((a, b) => b.quarantine.since.localeCompare(a.quarantine.since) || a.id.localeCompare(b.id));
}

export function QuarantineList({ coins }: { coins: readonly Quarantined[] }) {
  if (coins.length === 0) return <p className="py-2 text-sm text-muted-foreground">No token is quarantined.</p>;
  return (
    <ul aria-label="Quarantined tokens" className="divide-y rounded-lg border">
      {coins.map((coin) => (
        <li key={coin.id} data-testid="quarantined-coin" className="flex flex-col gap-0.5 px-3 py-2.5">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">{coin.symbol}</span>
            <span className="font-mono text-xs text-muted-foreground">{coin.id}</span>
            <span className="text-sm text-muted-foreground">
              since <time dateTime={coin.quarantine.since}>{utcTime(coin.quarantine.since)}</time>, {coin.quarantine.failures} failed passes
              in a row
            </span>
          </p>
          <p className="text-sm break-words">Last reason: {coin.quarantine.reason ?? "not recorded"}</p>
        </li>
      ))}
    </ul>
  );
}
