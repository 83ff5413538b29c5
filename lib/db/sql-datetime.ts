// Prisma stores a DateTime in SQLite as ISO text with "+00:00" (2026-11-20T00:00:00.000+00:00).
// Raw statements that write or compare DateTime columns use that same text, so SQLite compares
// like with like (text sorts as time only when every row has one form), the indexes serve range
// scans, and Prisma reads the values back as it wrote them.

/** A DateTime as Prisma stores it in SQLite. */
export function sqlDateTime(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}
