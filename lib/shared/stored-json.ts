import type { z } from "./zod";

/**
 * A JSON column read back through its schema: null when unset or unreadable, so an old or
 * hand-edited row is shown as "unknown", never an error.
 */
export function parseStoredJson<S extends z.ZodType>(schema: S, stored: string | null): z.output<S> | null {
  if (!stored) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
