// The repository's root from any folder a jest test sits in (tests/<kind>/<feature>/), for the
// tests that read the tree (app/api's route files, lib's sources). Jest runs the tests as
// CommonJS, hence __dirname; the tsx-run benches have tests/bench/repo-root.ts.
import path from "node:path";

export const REPO_ROOT = path.resolve(__dirname, "../..");
