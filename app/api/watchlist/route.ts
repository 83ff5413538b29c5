import { endpoints } from "@/lib/api/contract";
import { Reply, methods, route } from "@/lib/api/route.server";
import { addToWatchlist, listWatchlist } from "@/lib/account/watchlist.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.watchlist, ({ user }) => listWatchlist(getDb(), user.id)),
  POST: route(endpoints.watchlistAdd, async ({ user, body }) => {
    const { entry, created } = await addToWatchlist(getDb(), user.id, body.coinId);
    return new Reply(entry, created ? 201 : 200);
  }),
});
