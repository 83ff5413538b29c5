import { endpoints } from "@/lib/api/contract";
import { Reply, methods, route } from "@/lib/api/route.server";
import { listBagSnapshots, saveBagSnapshot } from "@/lib/account/bag-snapshots.server";
import { getDb } from "@/lib/db/get-db.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.bagSnapshots, ({ user }) => listBagSnapshots(getDb(), user.id)),
  POST: route(endpoints.saveBagSnapshot, async ({ user, body }) => {
    const { snapshot, created } = await saveBagSnapshot(getDb(), user.id, body);
    return new Reply(snapshot, created ? 201 : 200);
  }),
});
