// Operators only: PATCH { logoUrl?, tags?, burnAddresses? } edits a coin (null clears the logo or
// restores the default burn set).
import { readJsonBody } from "@/lib/api/body";
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { privateJson } from "@/lib/api/responses";
import { getDb } from "@/lib/db";
import { updateCoin } from "@/lib/listings/coins";
import { requireOperatorForWrite } from "@/lib/listings/operators";

export const dynamic = "force-dynamic";

export const PATCH = withErrorHandling(async (request, { params }: { params: Promise<{ id: string }> }) => {
  await requireOperatorForWrite(request);
  const { id } = await params;
  return privateJson(await updateCoin(getDb(), id, await readJsonBody(request)));
});

export const { GET, POST, PUT, DELETE } = rejectOtherMethods(["PATCH"]);
