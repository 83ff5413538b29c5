// The coins a pass prices (I/O): every coin with a source and an id at it, stalest first, so with
// a budget too short for every coin the ones shown longest without a new price are asked first,
// and the deferred rest are the stalest of the next pass.
import "server-only";
import type { Coin } from "@/lib/generated/prisma/client";
import type { PrismaClient } from "@/lib/db/create-client";

export function loadCoinsStalestFirst(db: PrismaClient): Promise<Coin[]> {
  return db.coin.findMany({
    where: { quoteSource: { not: null }, quoteId: { not: null } },
    orderBy: [{ priceUpdatedAt: { sort: "asc", nulls: "first" } }, { id: "asc" }],
  });
}
