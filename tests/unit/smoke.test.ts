import { getEnv, resetEnvCache } from "@/lib/env";
test("env defaults to the embedded database", () => {
  const saved = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  resetEnvCache();
  expect(getEnv().DATABASE_URL).toBe("file:./data/app.db");
  process.env.DATABASE_URL = saved;
  resetEnvCache();
});
