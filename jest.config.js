// Two jest projects: "node" for pure helpers and API route handlers (real handlers against a
// real temporary SQLite file), "dom" for React components under jsdom. Both use next/jest (SWC).
// Tests sit by kind, then by feature (tests/<kind>/<feature>/*.test.ts; docs/testing.md), so the
// test matches below look in every folder under a kind.
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
    // No test resolves a real name through the push-endpoint check (it fakes the lookup).
    setupFiles: ["<rootDir>/tests/helpers/setup-node.ts"],
  })();
  const dom = await createJestConfig({
    ...shared,
    displayName: "dom",
    testEnvironment: "jsdom",
    testMatch: ["<rootDir>/tests/components/**/*.test.tsx"],
    setupFilesAfterEnv: ["<rootDir>/tests/helpers/setup-dom.ts"],
  })();
  // Room for the longer waits of tests/helpers/setup-dom.ts on a busy machine (jest's default is 5 s).
  return {
    projects: [node, dom],
    testTimeout: 15_000,
    // One test file at a time (a 2-core machine: the chain, server and worker processes the files
    // start take the other core), in a worker process that is replaced once a file leaves it over
    // 400 MB. Run in jest's own process instead (what one worker means by default), 170 files grow
    // one heap for half an hour and the later chain files run 2 to 4 times slower than alone
    // (pulsex-routing 134 s in the whole run, 30 s alone).
    maxWorkers: 1,
    workerIdleMemoryLimit: "400MB",
  };
}
