// Signs in through the real route handlers with a real key, keeping cookies like a browser:
// nonce from POST /api/auth/nonce, an EIP-4361 message signed by a viem account, the CSRF
// token from GET /api/auth/csrf, then next-auth's POST /api/auth/callback/credentials.
import type { PrivateKeyAccount } from "viem";
import { createSiweMessage, type SiweMessage } from "viem/siwe";
import * as nextAuthRoute from "@/app/api/auth/[...nextauth]/route";
import * as nonceRoute from "@/app/api/auth/nonce/route";
import * as userRoute from "@/app/api/auth/user/route";
import { resetAuthConfigCache } from "@/lib/auth/config.server";
import { resetEnvCache } from "@/lib/config/env";
import { call } from "./request";

/** The site origin the auth tests configure (https, as in production). */
export const SITE = "https://pulsecompare.example";
export const SITE_HOST = "pulsecompare.example";
/** Nothing listens here: contract-wallet checks against "the chain" fail fast. */
export const UNREACHABLE_RPC = "http://127.0.0.1:9/";

/** The NEXTAUTH_SECRET the auth tests configure (tests that forge cookies need it). */
export const TEST_AUTH_SECRET = "test-secret-for-jest-only-0123456789abcdef";

export function useAuthEnvironment(overrides: Record<string, string> = {}): void {
  const saved: Record<string, string | undefined> = {};
  const values: Record<string, string> = {
    NEXTAUTH_SECRET: TEST_AUTH_SECRET,
    AUTH_ORIGINS: SITE,
    PULSECHAIN_RPC_URL: UNREACHABLE_RPC,
    ...overrides,
  };
  beforeAll(() => {
    for (const [key, value] of Object.entries(values)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    resetEnvCache();
    resetAuthConfigCache();
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
    resetAuthConfigCache();
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route handler's context
type Handler = (request: Request, context: any) => Promise<Response>;

/** A cookie jar in front of the route handlers. */
export class Browser {
  cookies = new Map<string, string>();

  async request(handler: Handler, path: string, init: RequestInit & { params?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const res = await call(handler, path, { ...init, headers } as Parameters<typeof call>[2]);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  sessionCookie(): string | undefined {
    return [...this.cookies].find(([name]) => name.endsWith("next-auth.session-token"))?.[1];
  }

  async nonce(): Promise<string> {
    const res = await this.request(nonceRoute.POST, "/api/auth/nonce", { method: "POST" });
    if (res.status !== 200) throw new Error(`nonce: ${res.status} ${res.text}`);
    return (res.body as { nonce: string }).nonce;
  }

  async csrfToken(): Promise<string> {
    const res = await this.request(nextAuthRoute.GET, "/api/auth/csrf", { params: { nextauth: ["csrf"] } });
    if (res.status !== 200) throw new Error(`csrf: ${res.status} ${res.text}`);
    return (res.body as { csrfToken: string }).csrfToken;
  }

  /** Posts a signed message to next-auth's credentials callback, as the client does. */
  async submit(message: string, signature: string, csrfToken?: string) {
    const form = new URLSearchParams({ csrfToken: csrfToken ?? (await this.csrfToken()), message, signature });
    return this.request(nextAuthRoute.POST, "/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      params: { nextauth: ["callback", "credentials"] },
    });
  }

  async signOut() {
    const form = new URLSearchParams({ csrfToken: await this.csrfToken() });
    return this.request(nextAuthRoute.POST, "/api/auth/signout", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      params: { nextauth: ["signout"] },
    });
  }

  async user() {
    return this.request(userRoute.GET, "/api/auth/user");
  }

  /** Fresh nonce, message for this site, signed by `account`: a sign-in that should succeed. */
  async signIn(account: PrivateKeyAccount, fields: Partial<SiweMessage> = {}) {
    const message = siweMessage({ address: account.address, nonce: await this.nonce(), ...fields });
    return this.submit(message, await account.signMessage({ message }));
  }
}

/** A browser whose requests come from `ip`, as Vercel's edge reports it (tests that tell clients apart set TRUST_PROXY=vercel). */
export class ClientAt extends Browser {
  constructor(readonly ip: string) {
    super();
  }

  override request(...[handler, path, init = {}]: Parameters<Browser["request"]>) {
    const headers = new Headers(init.headers);
    headers.set("x-vercel-forwarded-for", this.ip);
    return super.request(handler, path, { ...init, headers });
  }
}

export function siweMessage(fields: Partial<SiweMessage> & Pick<SiweMessage, "address" | "nonce">): string {
  return createSiweMessage({
    domain: SITE_HOST,
    uri: `${SITE}/`,
    version: "1",
    chainId: 369,
    issuedAt: new Date(),
    statement: "Sign in to PulseCompare.",
    ...fields,
  });
}
