// An operator renames a coin (issue 30): a listing takes the name and symbol its contract reads,
// and a PulseChain copy of an Ethereum token reads the original's ("WETH" for pWETH). The id, and
// so every address of the coin and its pairs, stays; a lower-case symbol that names one coin
// reaches it too (lib/compare/pair-route.ts), so the new symbol works in addresses at once.
// Refresh passes write prices only: the new text stays until an operator changes it again.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { coinsChanged } from "@/lib/coins/coins-changed.server";
import type { RenameCoinBody } from "@/lib/listings/coin-rename-schema";
import type { AdminCoin } from "@/lib/listings/schemas";
import { findCoinOrThrow, toAdminCoin } from "./coins.server";

type Text = { name: string; symbol: string };

/** Each field the rename set, as it was and as it is now: the audit line's "old → new". */
export type RenameChange = { [K in keyof Text]?: { from: string; to: string } };

/**
 * Sets the coin's name and/or symbol (`body` has passed renameCoinBodySchema); 404 for an unknown
 * coin. The write is conditional on the text just read, so the change reported is the one made
 * even when two operators rename the coin at once. Every cached page and list that shows the coin
 * is refreshed, as for every operator edit.
 */
export async function renameCoin(db: PrismaClient, id: string, body: RenameCoinBody): Promise<{ coin: AdminCoin; change: RenameChange }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await findCoinOrThrow(db, id);
    const next: Text = { name: body.name ?? before.name, symbol: body.symbol ?? before.symbol };
    const { count } = await db.coin.updateMany({ where: { id: before.id, name: before.name, symbol: before.symbol }, data: next });
    if (count === 0) continue;
    await coinsChanged(db);
    const change: RenameChange = {};
    for (const field of ["name", "symbol"] as const) {
      if (body[field] !== undefined) change[field] = { from: before[field], to: next[field] };
    }
    return { coin: toAdminCoin(await db.coin.findUniqueOrThrow({ where: { id: before.id } })), change };
  }
  // Renamed by someone else between each read and write: say so rather than guess.
  throw new Error(`coin ${id}: renamed concurrently three times; try again`);
}
