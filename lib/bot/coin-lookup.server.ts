// The bot's coin lookups for the current snapshot: the snapshot's own maps and the closest-coin
// index (lib/bot/closest-coin.ts), built on the first word the bot resolves after each new snapshot.
import "server-only";
import type { Coin } from "@/lib/coins/schemas";
import { snapshotView, type CoinSnapshot } from "@/lib/coins/snapshot.server";
import { closestCoinFinder } from "./closest-coin";
import type { BotCoinLookup } from "./resolve-coin";

export const botLookupOf = snapshotView(
  (snapshot: CoinSnapshot): BotCoinLookup<Coin> => ({ byId: snapshot.byId, bySymbol: snapshot.bySymbol, closest: closestCoinFinder(snapshot.coins) }),
);
