// Signs a key (a fresh one unless given) in to a running app over HTTP, as the browser does
// (nonce, CSRF token, signed EIP-4361 message), and returns the cookie header that carries the session.
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(";")[0]!);
}

export async function signInOverHttp(baseUrl: string, key: Hex = generatePrivateKey()): Promise<string> {
  const account = privateKeyToAccount(key);
  const origin = { Origin: baseUrl };
  const { nonce } = (await (await fetch(`${baseUrl}/api/auth/nonce`, { method: "POST", headers: origin })).json()) as { nonce: string };
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const message = createSiweMessage({
    domain: new URL(baseUrl).host,
    uri: `${baseUrl}/`,
    address: account.address,
    version: "1",
    chainId: 369,
    nonce,
    issuedAt: new Date(),
  });
  const signature = await account.signMessage({ message });
  const callback = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { ...origin, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesOf(csrf).join("; ") },
    body: new URLSearchParams({ csrfToken, message, signature }).toString(),
  });
  const session = cookiesOf(callback).find((cookie) => cookie.includes("session-token="));
  if (!callback.ok || !session) throw new Error(`sign-in over HTTP failed: ${callback.status} ${await callback.text()}`);
  return session;
}
