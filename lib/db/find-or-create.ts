// Insert-if-missing that stays correct under concurrency: read; if absent, create; if the create
// loses a race on a unique index (another request inserted the same row in between), read again
// and return the winner's row. Prisma's upsert can raise P2002 in the same race (prisma/orm#3242).
export async function findOrCreate<T>(find: () => Promise<T | null>, create: () => Promise<T>): Promise<{ row: T; created: boolean }> {
  const existing = await find();
  if (existing) return { row: existing, created: false };
  try {
    return { row: await create(), created: true };
  } catch (error) {
    const raced = await find();
    if (raced) return { row: raced, created: false };
    throw error;
  }
}
