import { getEnv, resetEnvCache } from "@/lib/env";

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
