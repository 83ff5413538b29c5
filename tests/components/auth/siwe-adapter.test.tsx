// The wallet kit's sign-out: RainbowKit's account-switch handler and SessionFollowsWallet both
// call it on one switch. One request ends the session; a second call meanwhile waits for it.
// RainbowKit ships ESM only; its createAuthenticationAdapter returns the adapter it is given.
jest.mock("@rainbow-me/rainbowkit", () => ({ createAuthenticationAdapter: <T,>(adapter: T) => adapter }));
import { createSiweAdapter } from "@/components/wallet/siwe-adapter";
import { hold, json, useFakeApi } from "@/tests/helpers/fake-api";

const api = useFakeApi();

test("two sign-outs asked at once send one request and both settle after the session refresh", async () => {
  const answer = hold();
  api.on("GET /api/auth/csrf", json({ csrfToken: "t".repeat(64) }));
  api.on("POST /api/auth/signout", answer);
  const refreshes: string[] = [];
  const adapter = createSiweAdapter(async () => void refreshes.push("refresh"));

  const first = adapter.signOut();
  const second = adapter.signOut();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(api.calls("POST /api/auth/signout")).toHaveLength(1);
  answer.release(json({ ok: true }));
  await Promise.all([first, second]);
  expect(refreshes).toEqual(["refresh"]);
  expect(api.calls("POST /api/auth/signout")).toHaveLength(1);

  // Once settled, a later sign-out is a new request.
  api.on("POST /api/auth/signout", json({ ok: true }));
  await adapter.signOut();
  expect(api.calls("POST /api/auth/signout")).toHaveLength(2);
  expect(refreshes).toEqual(["refresh", "refresh"]);
});
