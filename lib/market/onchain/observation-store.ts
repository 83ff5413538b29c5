// Where each pair's last accumulator reading waits for the next pass (twap.ts): an interface so
// the refresh pass keeps them in the database (prisma-observation-store.server.ts), shared by
// every instance, while a listing preview keeps them in memory (and so prices at the spot rules).
import type { Observation } from "./twap";

export interface ObservationStore {
  /** The observations held under these keys (observationKey); absent: none. */
  load(keys: readonly string[]): Promise<Map<string, Observation>>;
  /** Inserts or replaces these observations. */
  save(observations: ReadonlyMap<string, Observation>): Promise<void>;
}

export function createMemoryObservationStore(): ObservationStore {
  const held = new Map<string, Observation>();
  return {
    async load(keys) {
      return new Map(keys.flatMap((key) => (held.has(key) ? [[key, held.get(key)!] as const] : [])));
    },
    async save(observations) {
      for (const [key, observation] of observations) held.set(key, observation);
    },
  };
}
