// The signed-in user, or 401 JSON. The client decides "signed in" from this call alone.
import { NextResponse } from "next/server";
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { requireSessionUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async (request) => {
  const user = await requireSessionUser(request);
  return NextResponse.json(
    { id: user.id, address: user.address, createdAt: user.createdAt.toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
});

export const { POST, PUT, PATCH, DELETE } = rejectOtherMethods(["GET"]);
