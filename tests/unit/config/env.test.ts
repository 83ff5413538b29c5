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
