import {
  embedSecurityHeaders,
  FRAMEABLE_PATHS,
  UNFRAMEABLE_PATHS,
  canonicalSiteOrigin,
  contentSecurityPolicy,
  DEFAULT_BROWSER_RPC_URL,
  HSTS_VALUE,
  securityHeaders,
  type SecurityEnv,
} from "@/lib/security/headers.mjs";
import { DEFAULT_PULSECHAIN_RPC_URL } from "@/lib/config/public-env";

const PRODUCTION: SecurityEnv = { NODE_ENV: "production", NEXT_PUBLIC_SITE_URL: "https://pulsecompare.example" };

/** The policy as a map of directive to its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

function header(env: SecurityEnv, key: string): string | undefined {
  return securityHeaders(env).find((entry) => entry.key === key)?.value;
}

test("the production policy, directive by directive", () => {
  const csp = directives(contentSecurityPolicy(PRODUCTION));
  expect(Object.fromEntries(csp)).toEqual({
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", "https://rpc.pulsechain.com", "wss://relay.walletconnect.org", "wss://metamask-sdk.api.cx.metamask.io"],
    "frame-src": ["'self'", "https://verify.walletconnect.org"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
  });
});

test("production never allows eval; development (next dev) does, for React's dev tooling", () => {
  expect(directives(contentSecurityPolicy(PRODUCTION)).get("script-src")).not.toContain("'unsafe-eval'");
  for (const nodeEnv of ["development", "test", undefined]) {
    expect(directives(contentSecurityPolicy({ ...PRODUCTION, NODE_ENV: nodeEnv })).get("script-src")).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
  }
  expect(contentSecurityPolicy(PRODUCTION)).not.toMatch(/unsafe-eval|wasm-unsafe-eval/);
});

test("connect-src names the browser's configured RPC by its origin, and the default is the wallet kit's", () => {
  expect(DEFAULT_BROWSER_RPC_URL).toBe(DEFAULT_PULSECHAIN_RPC_URL);
  const csp = directives(contentSecurityPolicy({ ...PRODUCTION, NEXT_PUBLIC_PULSECHAIN_RPC_URL: "https://node.example:8545/rpc/v1?key=x" }));
  expect(csp.get("connect-src")).toEqual(["'self'", "https://node.example:8545", "wss://relay.walletconnect.org", "wss://metamask-sdk.api.cx.metamask.io"]);
  expect(contentSecurityPolicy({ ...PRODUCTION, NEXT_PUBLIC_PULSECHAIN_RPC_URL: "" })).toContain(" https://rpc.pulsechain.com ");
});

test.each([
  ["NEXT_PUBLIC_PULSECHAIN_RPC_URL", { NEXT_PUBLIC_PULSECHAIN_RPC_URL: "rpc.pulsechain.com" }],
  ["NEXT_PUBLIC_PULSECHAIN_RPC_URL", { NEXT_PUBLIC_PULSECHAIN_RPC_URL: "ftp://rpc.example" }],
  ["AUTH_ORIGINS", { AUTH_ORIGINS: "pulsecompare.example" }],
  ["NEXT_PUBLIC_SITE_URL", { NEXT_PUBLIC_SITE_URL: "javascript:alert(1)" }],
])("a malformed %s fails the build with a message naming it", (name, env) => {
  expect(() => securityHeaders({ ...PRODUCTION, ...env })).toThrow(name);
});

test("a value cannot break out of its directive: only origins of parsed URLs go in", () => {
  const csp = contentSecurityPolicy({ ...PRODUCTION, NEXT_PUBLIC_PULSECHAIN_RPC_URL: "https://rpc.example/;script-src *" });
  expect(csp).toContain("https://rpc.example ");
  expect(csp).not.toContain("*");
  expect(csp.split(";").map((part) => part.trim().split(" ")[0])).toEqual([...directives(contentSecurityPolicy(PRODUCTION)).keys()]);
});

test("HSTS only when the canonical site origin is https (AUTH_ORIGINS' first, else NEXT_PUBLIC_SITE_URL)", () => {
  expect(header(PRODUCTION, "Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
  expect(HSTS_VALUE).not.toContain("preload");
  expect(header({ ...PRODUCTION, NEXT_PUBLIC_SITE_URL: "http://localhost:3000" }, "Strict-Transport-Security")).toBeUndefined();
  // AUTH_ORIGINS wins, as in lib/auth/config.server.ts getSiteOrigins(); its first origin is the canonical one.
  expect(canonicalSiteOrigin({ ...PRODUCTION, AUTH_ORIGINS: " http://127.0.0.1:3000 , https://pulsecompare.example" })).toBe("http://127.0.0.1:3000");
  expect(header({ ...PRODUCTION, AUTH_ORIGINS: "http://127.0.0.1:3000,https://pulsecompare.example" }, "Strict-Transport-Security")).toBeUndefined();
  expect(header({ NODE_ENV: "production", AUTH_ORIGINS: "https://pulsecompare.example/" }, "Strict-Transport-Security")).toBe(HSTS_VALUE);
  // Nothing configured: development's origin is the dev server's (http); production has none.
  expect(canonicalSiteOrigin({ NODE_ENV: "development" })).toBe("http://localhost:3000");
  expect(header({ NODE_ENV: "development" }, "Strict-Transport-Security")).toBeUndefined();
  expect(header({ NODE_ENV: "production" }, "Strict-Transport-Security")).toBeUndefined();
});

test("the headers set before the CSP stay, with the opener policy, each once", () => {
  const headers = securityHeaders(PRODUCTION);
  expect(headers.map((entry) => entry.key)).toEqual([
    "X-Content-Type-Options",
    "Referrer-Policy",
    "X-Frame-Options",
    "Permissions-Policy",
    "Cross-Origin-Opener-Policy",
    "Content-Security-Policy",
    "Strict-Transport-Security",
  ]);
  expect(Object.fromEntries(headers.map((entry) => [entry.key, entry.value]))).toMatchObject({
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  });
});

test("next.config.mjs puts them on every path, the embeddable cards' without the framing refusal", async () => {
  const saved = { ...process.env };
  try {
    Object.assign(process.env, { NODE_ENV: "production", NEXT_PUBLIC_SITE_URL: "https://pulsecompare.example" });
    delete process.env.AUTH_ORIGINS;
    delete process.env.NEXT_PUBLIC_PULSECHAIN_RPC_URL;
    const { default: config } = await import("@/next.config.mjs");
    expect(await config.headers!()).toEqual([
      { source: UNFRAMEABLE_PATHS, headers: securityHeaders(PRODUCTION) },
      { source: FRAMEABLE_PATHS, headers: embedSecurityHeaders(PRODUCTION) },
    ]);
    const embedKeys = embedSecurityHeaders(PRODUCTION).map(({ key }) => key);
    expect(embedKeys).not.toContain("X-Frame-Options");
    expect(embedKeys).not.toContain("Content-Security-Policy");
    expect(embedKeys).toEqual(expect.arrayContaining(["X-Content-Type-Options", "Referrer-Policy", "Strict-Transport-Security"]));
  } finally {
    process.env = saved;
  }
});
