// Two small shapes every bulk reader and writer here shares (pure): cutting a list into pieces of
// a bounded size (SQL parameter limits, API batch sizes), and running numbered steps in order
// with a few in flight (a source's batches, the Multicall3 chunks of a pass).

/** `items` in consecutive pieces of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const pieces: T[][] = [];
  for (let i = 0; i < items.length; i += size) pieces.push(items.slice(i, i + size));
  return pieces;
}

/**
 * Runs step(0) … step(count - 1), starting them in order with at most `concurrency` running at
 * once: each worker takes the next index when its step is done, so earlier steps always start
 * first (a deadline checked inside a step leaves the later ones undone).
 */
export async function runInOrder(count: number, concurrency: number, step: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await step(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}
