// The command line of `npm run market:backfill` (pure): --coins hex,pls limits the run to those
// coins, --days N how far back to ask, --again re-checks coins an earlier run finished.
import { parseArgs } from "node:util";
import { errorMessage } from "../../errors/error-message";

export const BACKFILL_USAGE = `Usage: npm run market:backfill -- [--coins hex,pls] [--days N] [--again]

  --coins a,b   only these coin ids (default: every coin not yet backfilled)
  --days N      how many days back to ask (default 1000; CoinGecko's public plan gives 365)
  --again       re-check coins an earlier run finished (adds only days not already there)`;

export type BackfillArgs = { coinIds?: string[]; days?: number; again: boolean; help: boolean };

/** The parsed arguments, or the reason they are wrong. */
export function parseBackfillArgs(argv: readonly string[]): BackfillArgs | { error: string } {
  let values: { coins?: string; days?: string; again?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: { coins: { type: "string" }, days: { type: "string" }, again: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    return { error: errorMessage(error) };
  }
  const coinIds = values.coins?.split(",").map((id) => id.trim().toLowerCase()).filter(Boolean);
  if (values.coins !== undefined && !coinIds?.length) return { error: "--coins needs at least one coin id" };
  let days: number | undefined;
  if (values.days !== undefined) {
    days = Number(values.days);
    if (!Number.isInteger(days) || days < 1 || days > 10_000) return { error: "--days must be a whole number from 1 to 10000" };
  }
  return { coinIds, days, again: values.again ?? false, help: values.help ?? false };
}
