// Small numeric helpers for the bench's figures.

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The nearest-rank percentile: the smallest value with at least p% of the values at or below it. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of no values");
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** Right-aligned number with fixed decimals, for table columns. */
export function num(value: number, decimals: number, width: number): string {
  return value.toFixed(decimals).padStart(width);
}

/** A ratio with two decimals, or two significant digits when that would print 0.00. */
export function ratio(value: number): string {
  return value >= 0.1 ? value.toFixed(2) : value.toPrecision(2);
}
