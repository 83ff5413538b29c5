// `npm run prisma:generate` (also run after `npm install`): generates the Prisma client into
// lib/generated/prisma. The CLI insists on locating a native schema-engine binary first, which
// it cannot download here; `generate` never runs it, so any existing file satisfies the check.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");

const result = spawnSync(process.execPath, [cli, "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? cli,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
