// POST /api/auth/nonce is rate limited (the "nonce" bucket): past its budget the route answers
// 429 rate_limited with Retry-After and writes no nonce. Handlers called directly have no TCP
// peer, so here every request is the one client "unknown" (tests/unit/client-ip.test.ts and
// tests/browser/ratelimit.spec.ts cover the address itself).
import * as nonceRoute from "@/app/api/auth/nonce/route";
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";
import { apiErrorSchema } from "@/lib/validation/coins";
import { call } from "../helpers/request";
import { useTestDatabase } from "../helpers/test-database";
import { SITE, useAuthEnvironment } from "../helpers/wallet-session";

const { db } = useTestDatabase({ seed: false });
useAuthEnvironment();

const budget = RATE_LIMIT_BUCKETS.nonce.rules[0].points;
const askForNonce = () => call(nonceRoute.POST, "/api/auth/nonce", { method: "POST", headers: { origin: SITE } });

test(`${budget} nonces a minute, then 429 rate_limited with Retry-After and no nonce written`, async () => {
  for (let i = 0; i < budget; i++) expect((await askForNonce()).status).toBe(200);
  expect(await db().siweNonce.count()).toBe(budget);

  const refused = await askForNonce();
  expect(refused.status).toBe(429);
  expect(apiErrorSchema.parse(refused.body).error.code).toBe("rate_limited");
  // Whole seconds until the window that began with the first nonce ends.
  expect(refused.headers.get("retry-after")).toMatch(/^(5\d|60)$/);
  expect(refused.headers.get("cache-control")).toBe("no-store");
  expect(await db().siweNonce.count()).toBe(budget);
});

test("a spoofed X-Forwarded-For does not buy a new budget", async () => {
  for (let i = 0; i < budget; i++) expect((await askForNonce()).status).toBe(200);
  const spoofed = await call(nonceRoute.POST, "/api/auth/nonce", { method: "POST", headers: { origin: SITE, "x-forwarded-for": "203.0.113.7" } });
  expect(spoofed.status).toBe(429);
});
