import { endpoints } from "@/lib/api/contract";
import { DomainError } from "@/lib/errors/domain-error";
import { methods, route } from "@/lib/api/route.server";
import { removeFromWatchlist } from "@/lib/account/watchlist.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: route(endpoints.watchlistRemove, async ({ params, user }) => {
    if (!(await removeFromWatchlist(getDb(), user.id, params.coinId))) {
      throw new DomainError("not_found", endpoints.watchlistRemove.notFound(params));
    }
  }),
});
