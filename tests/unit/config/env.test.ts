import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getEnv, resetEnvCache } from "@/lib/config/env";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

test("the embedded SQLite file is the default database", () => {
  delete process.env.DATABASE_URL;
  resetEnvCache();
  expect(getEnv().DATABASE_URL).toBe("file:./data/app.db");
});

test("a remote libSQL URL and token are taken as given", () => {
  process.env.DATABASE_URL = "libsql://app-team.turso.io";
  process.env.DATABASE_AUTH_TOKEN = "token-value";
  resetEnvCache();
  expect(getEnv()).toMatchObject({ DATABASE_URL: "libsql://app-team.turso.io", DATABASE_AUTH_TOKEN: "token-value" });
});

test.each([
  ["DATABASE_URL", "postgres://db/app", /DATABASE_URL must start with/],
  ["NEXT_PUBLIC_SITE_URL", "not a url", /NEXT_PUBLIC_SITE_URL/],
  ["NEXT_PUBLIC_SITE_URL", "ftp://example.com", /NEXT_PUBLIC_SITE_URL/],
])("an invalid %s=%s fails with a message naming it", (name, value, message) => {
  process.env[name] = value;
  resetEnvCache();
  expect(() => getEnv()).toThrow(message);
});

test("TRUST_PROXY: unset, vercel, or a list of IPs, CIDR ranges and loopback", () => {
  delete process.env.TRUST_PROXY;
  resetEnvCache();
  expect(getEnv().TRUST_PROXY).toBeUndefined();
  process.env.TRUST_PROXY = "Vercel";
  resetEnvCache();
  expect(getEnv().TRUST_PROXY).toEqual({ kind: "vercel" });
  process.env.TRUST_PROXY = " loopback, 10.0.0.0/8 ,192.0.2.1, 2001:DB8::/32 ";
  resetEnvCache();
  expect(getEnv().TRUST_PROXY).toEqual({ kind: "proxies", entries: ["loopback", "10.0.0.0/8", "192.0.2.1", "2001:db8::/32"] });
});

test.each(["yes", "10.0.0.0/33", "10.0.0.0/8/1", "::1/129", "proxy.internal", ","])("TRUST_PROXY=%s fails with a message naming it", (value) => {
  process.env.TRUST_PROXY = value;
  resetEnvCache();
  expect(() => getEnv()).toThrow(/TRUST_PROXY/);
});

test("REDIS_URL takes redis:// and rediss:// URLs only", () => {
  process.env.REDIS_URL = "redis://:secret@cache.internal:6380/2";
  resetEnvCache();
  expect(getEnv().REDIS_URL).toBe("redis://:secret@cache.internal:6380/2");
  process.env.REDIS_URL = "http://cache.internal:6379";
  resetEnvCache();
  expect(() => getEnv()).toThrow(/REDIS_URL/);
});

test("PUSH_EXTRA_ORIGINS: unset is none; a comma-separated list of exact https origins, normalized", () => {
  delete process.env.PUSH_EXTRA_ORIGINS;
  resetEnvCache();
  expect(getEnv().PUSH_EXTRA_ORIGINS).toEqual([]);
  process.env.PUSH_EXTRA_ORIGINS = " https://127.0.0.1:8443 ,https://Push.Internal.Example/, https://[::1]:9000,https://push.example:443";
  resetEnvCache();
  expect(getEnv().PUSH_EXTRA_ORIGINS).toEqual(["https://127.0.0.1:8443", "https://push.internal.example", "https://[::1]:9000", "https://push.example"]);
});

test.each(["http://127.0.0.1:8443", "https://push.example/path", "https://push.example/?q", "https://user:pw@push.example", "push.example", "https://push.example#x"])(
  "PUSH_EXTRA_ORIGINS=%s (not an exact https origin) fails with a message naming it",
  (value) => {
    process.env.PUSH_EXTRA_ORIGINS = value;
    resetEnvCache();
    expect(() => getEnv()).toThrow(/PUSH_EXTRA_ORIGINS/);
  },
);

test("two bad variables fail in one error that names both", () => {
  process.env.DATABASE_URL = "postgres://db/app";
  process.env.REDIS_URL = "http://cache.internal:6379";
  resetEnvCache();
  expect(() => getEnv()).toThrow(/^Invalid environment: .*DATABASE_URL: .*; REDIS_URL: /);
});

test("every variable the schema declares is read from the environment", () => {
  // A variable declared in the schema but missing from what getEnv reads would keep its default.
  process.env.SHUTDOWN_GRACE_S = "3";
  process.env.CONTACT_EMAIL = "ops@example.com";
  process.env.VERCEL = "1";
  resetEnvCache();
  expect(getEnv()).toMatchObject({ SHUTDOWN_GRACE_S: 3, CONTACT_EMAIL: "ops@example.com", VERCEL: "1" });
});

test("a server start checks the environment on Vercel and in development too", async () => {
  const { register } = await import("@/instrumentation");
  process.env.NEXT_RUNTIME = "nodejs";
  process.env.REDIS_URL = "http://cache.internal:6379";
  process.env.PULSECHAIN_RPC_URL = "not a url";
  for (const start of [{ VERCEL: "1", NODE_ENV: "production" }, { VERCEL: "", NODE_ENV: "development" }]) {
    Object.assign(process.env, start);
    resetEnvCache();
    await expect(register()).rejects.toThrow(/Invalid environment: .*PULSECHAIN_RPC_URL.*REDIS_URL/);
  }
});

test("a CLI with a bad variable exits non-zero naming it before it does anything", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "env-cli-"));
  try {
    const database = path.join(dir, "app.db");
    // `npm run admin -- --help` reads no variable: it would print its usage and exit 0.
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ["--import", "tsx", "--conditions", "react-server", "scripts/admin.ts", "--help"],
        { env: { ...saved, DATABASE_URL: `file:${database}`, REDIS_URL: "http://127.0.0.1:6379", TRUST_PROXY: "yes" } },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Invalid environment: .*REDIS_URL.*TRUST_PROXY/);
    expect(run.stdout).not.toContain("Usage");
    expect(existsSync(database)).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
