import "server-only";
import { DomainError } from "@/lib/errors/domain-error";
import type { PrismaClient } from "@/lib/db/create-client";

/** A body naming a coin we do not list is the caller's mistake: 422 that names the ids. */
export async function assertCoinsExist(db: PrismaClient, ids: string[]): Promise<void> {
  const rows = await db.coin.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length) {
    throw new DomainError("unknown_coin", `No coin with id ${missing.map((id) => `"${id}"`).join(", ")}.`);
  }
}
