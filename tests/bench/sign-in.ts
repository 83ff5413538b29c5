// Signs a key (a fresh one unless given) in to a running app over HTTP, as the browser does
// (nonce, CSRF token, signed EIP-4361 message), and returns the cookie header that carries the session.
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(";")[0]!);
}

export type SignInStep = "nonce" | "callback";

export type SignInAttempt = {
  /** The key's checksummed address. */
  address: string;
  /** The session cookie, or null when a step was refused (then the step and its status). */
  cookie: string | null;
  refused?: { step: SignInStep; status: number; body: string };
};

/**
 * One sign-in, as the browser makes it, with `headers` on every request (the bench's clients add
 * X-Forwarded-For). `onAnswer` hears each limited step's timing and status; a refused step ends
 * the attempt.
 */
export async function attemptSignIn(
  baseUrl: string,
  options: { key?: Hex; headers?: Record<string, string>; onAnswer?: (step: SignInStep, sentAt: number, status: number) => void } = {},
): Promise<SignInAttempt> {
  const account = privateKeyToAccount(options.key ?? generatePrivateKey());
  const headers = { ...options.headers, Origin: baseUrl };
  const timed = async (step: SignInStep, send: () => Promise<Response>) => {
    const sentAt = performance.now();
    const response = await send();
    options.onAnswer?.(step, sentAt, response.status);
    return response;
  };
  const refused = async (step: SignInStep, response: Response): Promise<SignInAttempt> => ({
    address: account.address,
    cookie: null,
    refused: { step, status: response.status, body: await response.text() },
  });

  const nonceRes = await timed("nonce", () => fetch(`${baseUrl}/api/auth/nonce`, { method: "POST", headers }));
  if (nonceRes.status !== 200) return refused("nonce", nonceRes);
  const { nonce } = (await nonceRes.json()) as { nonce: string };
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers: options.headers });
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
  const callback = await timed("callback", () =>
    fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookiesOf(csrf).join("; ") },
      body: new URLSearchParams({ csrfToken, message, signature }).toString(),
    }),
  );
  const session = cookiesOf(callback).find((cookie) => cookie.includes("session-token="));
  if (!callback.ok || !session) return refused("callback", callback);
  await callback.arrayBuffer();
  return { address: account.address, cookie: session };
}

export async function signInOverHttp(baseUrl: string, key: Hex = generatePrivateKey()): Promise<string> {
  const attempt = await attemptSignIn(baseUrl, { key });
  if (!attempt.cookie) throw new Error(`sign-in over HTTP failed at ${attempt.refused!.step}: ${attempt.refused!.status} ${attempt.refused!.body}`);
  return attempt.cookie;
}
