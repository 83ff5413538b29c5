// A production server without NEXTAUTH_SECRET has no sign-in at all (fails closed, says why).
import * as nonceRoute from "@/app/api/auth/nonce/route";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import * as userRoute from "@/app/api/auth/user/route";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { call } from "@/tests/helpers/request";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";

useTestDatabase({ seed: false });
useAuthEnvironment({ NODE_ENV: "production", NEXTAUTH_SECRET: "" });

beforeAll(() => jest.spyOn(console, "error").mockImplementation(() => {}));

test("nonce and next-auth endpoints answer 503 JSON; /api/auth/user says nobody is signed in", async () => {
  const nonce = await call(nonceRoute.POST, "/api/auth/nonce", { method: "POST" });
  expect(nonce.status).toBe(503);
  expect(apiErrorSchema.parse(nonce.body).error.code).toBe("service_unavailable");
  const csrf = await call(nextAuthRoute.GET, "/api/auth/csrf", { params: { nextauth: ["csrf"] } });
  expect(csrf.status).toBe(503);
  const user = await call(userRoute.GET, "/api/auth/user", { headers: { cookie: "pc_signed_in=1" } });
  expect(user.status).toBe(401);
  // A stale "signed in" hint is cleared even so.
  expect(user.headers.getSetCookie()).toEqual([expect.stringMatching(/^pc_signed_in=; Path=\/; Max-Age=0; /)]);
  expect(console.error).toHaveBeenCalledWith(expect.stringContaining("NEXTAUTH_SECRET"));
});
