// The signed-in user's watchlist: GET lists it (with each coin), POST { coinId } adds a coin.
import { endpoints } from "@/lib/api/contract";
import { Reply, methods, route } from "@/lib/api/route";
import { addToWatchlist, listWatchlist } from "@/lib/account/watchlist";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.watchlist, ({ user }) => listWatchlist(getDb(), user.id)),
  /** 201 with the new entry, or 200 with the existing one when the coin is already listed. */
  POST: route(endpoints.watchlistAdd, async ({ user, body }) => {
    const { entry, created } = await addToWatchlist(getDb(), user.id, body.coinId);
    return new Reply(entry, created ? 201 : 200);
  }),
});
