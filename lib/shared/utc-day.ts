// UTC calendar days as the site writes them in addresses, forms and its API: "2026-12-01". Every
// day the site prints is a UTC day (lib/shared/format.ts formatDay), so these never read the
// machine's time zone.

export const DAY_MS = 86_400_000;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day a time falls on: "2026-12-01". */
export function dayKey(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The time of a day key's midnight, UTC (NaN for text that is not one). */
export function dayStart(key: string): number {
  return Date.parse(`${key}T00:00:00Z`);
}

/**
 * `text` (trimmed) when it is a real calendar day written YYYY-MM-DD, else null: "2026-02-30"
 * parses as March 2nd, so only a day that survives the round trip is real.
 */
export function parseDayKey(text: string | null | undefined): string | null {
  const key = text?.trim() ?? "";
  if (!DAY_PATTERN.test(key)) return null;
  const time = dayStart(key);
  return Number.isFinite(time) && dayKey(time) === key ? key : null;
}
