// Two jest projects: "node" for pure helpers and API route handlers (real handlers against a
// real temporary SQLite file), "dom" for React components under jsdom. Both use next/jest (SWC).
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

const shared = {
  moduleNameMapper: {
    // `server-only` throws outside React Server Components; tests import server modules directly.
    "^server-only$": "<rootDir>/tests/helpers/empty-module.cjs",
    "^@/(.*)$": "<rootDir>/$1",
  },
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/tests/browser/"],
};

export default async function config() {
  const node = await createJestConfig({
    ...shared,
    displayName: "node",
    testEnvironment: "node",
    testMatch: ["<rootDir>/tests/{unit,server,api}/**/*.test.ts"],
  })();
  const dom = await createJestConfig({
    ...shared,
    displayName: "dom",
    testEnvironment: "jsdom",
    testMatch: ["<rootDir>/tests/components/**/*.test.tsx"],
    setupFilesAfterEnv: ["<rootDir>/tests/helpers/setup-dom.ts"],
  })();
  // Room for the longer waits of tests/helpers/setup-dom.ts on a busy machine (jest's default is 5 s).
  return { projects: [node, dom], testTimeout: 15_000 };
}
