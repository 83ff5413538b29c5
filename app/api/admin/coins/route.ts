// Operators only: GET every coin with what operators set; POST { contractAddress, logoUrl?,
// tags?, burnAddresses? } lists a PulseChain token (201 with the new coin).
import { readJsonBody } from "@/lib/api/body";
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { privateJson } from "@/lib/api/responses";
import { getDb } from "@/lib/db";
import { listAdminCoins, listCoin } from "@/lib/listings/coins";
import { requireOperator, requireOperatorForWrite } from "@/lib/listings/operators";

export const dynamic = "force-dynamic";

export const GET = withErrorHandling(async (request) => {
  await requireOperator(request);
  return privateJson(await listAdminCoins(getDb()));
});

export const POST = withErrorHandling(async (request) => {
  await requireOperatorForWrite(request);
  return privateJson(await listCoin(getDb(), await readJsonBody(request)), 201);
});

export const { PUT, PATCH, DELETE } = rejectOtherMethods(["GET", "POST"]);
