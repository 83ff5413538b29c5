// Admin writes need a wallet signature at most 15 minutes old: the session row's createdAt is the
// moment the operator signed the Sign-In with Ethereum message. Real route handlers on a real
// seeded SQLite file, real SIWE sign-ins; a session is aged by moving its createdAt back.
import { privateKeyToAccount } from "viem/accounts";
import * as adminCoins from "@/app/api/admin/coins/route";
import * as adminCoin from "@/app/api/admin/coins/[id]/route";
import * as adminFeatured from "@/app/api/admin/featured/route";
import * as adminSlot from "@/app/api/admin/featured/[id]/route";
import { requireOperatorForWrite } from "@/lib/auth/operators.server";
import { SITE, useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { JSON_WRITE, SAME_SITE, errorOf, signIn, type SignedIn } from "@/tests/helpers/account-session";

const OPERATOR_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const OPERATOR = privateKeyToAccount(OPERATOR_KEY).address;
const MINUTE = 60_000;
const REAUTH = {
  code: "reauthentication_required",
  message: "Admin changes need a wallet signature from the last 15 minutes. Sign in again with your wallet, then try again.",
};

const { db } = useTestDatabase({ seed: true });
useAuthEnvironment({ OPERATOR_ADDRESSES: OPERATOR });

/** Moves the browser's session back as if the wallet had signed `minutes` ago (and used it since). */
async function signedMinutesAgo(user: SignedIn, minutes: number) {
  const when = new Date(Date.now() - minutes * MINUTE);
  await db().authSession.updateMany({ where: { userId: user.userId }, data: { createdAt: when } });
}

/** Every admin write, as the site's pages send them. */
function writes(user: SignedIn, slotId: number) {
  return {
    "POST /api/admin/coins": () =>
      user.browser.request(adminCoins.POST, "/api/admin/coins", { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ contractAddress: "0x1111111111111111111111111111111111111111" }) }),
    "PATCH /api/admin/coins/hex": () =>
      user.browser.request(adminCoin.PATCH, "/api/admin/coins/hex", { method: "PATCH", headers: JSON_WRITE, body: JSON.stringify({ tags: ["meme"] }), params: { id: "hex" } }),
    "POST /api/admin/featured": () =>
      user.browser.request(adminFeatured.POST, "/api/admin/featured", {
        method: "POST",
        headers: JSON_WRITE,
        body: JSON.stringify({ coin1Id: "pls", coin2Id: "eth", startsAt: new Date().toISOString() }),
      }),
    [`DELETE /api/admin/featured/${slotId}`]: () =>
      user.browser.request(adminSlot.DELETE, `/api/admin/featured/${slotId}`, { method: "DELETE", headers: SAME_SITE, params: { id: String(slotId) } }),
  };
}

let operator: SignedIn;
let slotId: number;
beforeAll(async () => {
  operator = await signIn(OPERATOR_KEY);
  slotId = (await db().featuredComparison.create({ data: { coin1Id: "hex", coin2Id: "btc", startsAt: new Date() } })).id;
});

test("the session itself is alive: the admin reads and GET /api/auth/user still answer", async () => {
  await signedMinutesAgo(operator, 60);
  expect((await operator.browser.request(adminCoins.GET, "/api/admin/coins")).status).toBe(200);
  expect((await operator.browser.request(adminFeatured.GET, "/api/admin/featured")).status).toBe(200);
  expect((await operator.browser.user()).status).toBe(200);
});

test("signed 14 minutes ago: writes go through", async () => {
  await signedMinutesAgo(operator, 14);
  const res = await writes(operator, slotId)["PATCH /api/admin/coins/hex"]();
  expect(res.status).toBe(200);
});

test("the limit is 15 minutes to the millisecond (clock injected)", async () => {
  const row = await db().authSession.findFirstOrThrow({ where: { userId: operator.userId } });
  const request = () => new Request(`${SITE}/api/admin/coins/hex`, { method: "PATCH", headers: { ...SAME_SITE, cookie: `__Secure-next-auth.session-token=${operator.browser.sessionCookie()}` } });
  const signed = row.createdAt.getTime();
  await expect(requireOperatorForWrite(request(), new Date(signed + 15 * MINUTE))).resolves.toMatchObject({ address: OPERATOR, signedInAt: row.createdAt });
  await expect(requireOperatorForWrite(request(), new Date(signed + 15 * MINUTE + 1))).rejects.toMatchObject({ kind: "reauthentication_required", message: REAUTH.message });
});

test("signing in again (a fresh signature) lets the refused write through, on a new session", async () => {
  await signedMinutesAgo(operator, 30);
  const oldSession = await db().authSession.findFirstOrThrow({ where: { userId: operator.userId } });
  expect((await writes(operator, slotId)[`DELETE /api/admin/featured/${slotId}`]!()).status).toBe(401);

  const account = privateKeyToAccount(OPERATOR_KEY);
  expect((await operator.browser.signIn(account)).status).toBe(200);
  const sessions = await db().authSession.findMany({ where: { userId: operator.userId } });
  expect(sessions.map((s) => s.id)).not.toContain(oldSession.id);
  expect(sessions).toHaveLength(1);

  expect((await writes(operator, slotId)[`DELETE /api/admin/featured/${slotId}`]!()).status).toBe(204);
  expect(await db().featuredComparison.count({ where: { id: slotId } })).toBe(0);
});

test("the other refusals come first: a foreign origin is 403, a non-operator with an old signature 403 forbidden", async () => {
  await signedMinutesAgo(operator, 30);
  const foreign = await operator.browser.request(adminCoin.PATCH, "/api/admin/coins/hex", {
    method: "PATCH",
    headers: { "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    body: JSON.stringify({ tags: ["meme"] }),
    params: { id: "hex" },
  });
  expect(foreign.status).toBe(403);
  expect(errorOf(foreign).code).toBe("forbidden");

  const visitor = await signIn();
  await signedMinutesAgo(visitor, 30);
  const res = await writes(visitor, slotId)["PATCH /api/admin/coins/hex"]();
  expect(res.status).toBe(403);
  expect(errorOf(res).code).toBe("forbidden");
});
