// Which spec files a browser-suite run imports: every *.spec.ts under tests/browser/, in its
// feature folders (tests/browser/<feature>/), ordered by file name as when they sat in one folder.
// `only` (SPECS=wallet,pages) names files without their folder or `.spec.ts`.
import { readdirSync } from "node:fs";
import path from "node:path";

const SKIPPED = new Set(["screenshots", ".tmp", "node_modules"]);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(full);
    return entry.name.endsWith(".spec.ts") ? [full] : [];
  });
}

export function findSpecs(root: string, only?: string[]): string[] {
  const byName = (file: string) => `${path.basename(file)}\0${file}`;
  const all = walk(root).sort((a, b) => (byName(a) < byName(b) ? -1 : byName(a) > byName(b) ? 1 : 0));
  if (!only) return all;
  const unknown = only.filter((name) => !all.some((file) => path.basename(file) === `${name}.spec.ts`));
  if (unknown.length > 0) throw new Error(`SPECS names no spec file: ${unknown.join(", ")}`);
  return all.filter((file) => only.includes(path.basename(file, ".spec.ts")));
}
