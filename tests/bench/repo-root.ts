// The repository's root from any bench folder (tests/bench/<feature>/...): the benches run as ES
// modules under tsx, hence import.meta; jest tests have tests/helpers/repo-root.ts.
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
