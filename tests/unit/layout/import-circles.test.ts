// No file circles anywhere in the app's code, counting what the lint's import/no-cycle leaves out:
// type-only imports and lazy `import()` calls. A circle of those still ties two files into one
// room (neither can move or be read without the other), so the graph here takes every import.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT as root } from "@/tests/helpers/repo-root";

const ROOMS = ["app", "components", "lib", "scripts", "proxy.ts", "instrumentation.ts"];
const EXTENSIONS = [".ts", ".tsx", ".mts", ".mjs", ".js"];

function sourceFiles(rel: string): string[] {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return EXTENSIONS.includes(path.extname(rel)) ? [rel] : [];
  return readdirSync(full).flatMap((name) => (rel === "lib" && name === "generated" ? [] : sourceFiles(path.join(rel, name))));
}

/** The project file an import names, or undefined for a package (or a file not of the app). */
function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith("@/") ? spec.slice(2) : spec.startsWith(".") ? path.join(path.dirname(from), spec) : undefined;
  if (base === undefined) return undefined;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  return candidates.find((file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile());
}

// Static imports and re-exports (type-only included), side-effect imports, import() and require().
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;

function importGraph(): Map<string, string[]> {
  const files = ROOMS.flatMap(sourceFiles);
  return new Map(
    files.map((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      const targets = [...text.matchAll(IMPORT)].map((match) => resolve(file, match[1]!)).filter((target): target is string => !!target && target !== file);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Strongly connected components of more than one file (Tarjan), each sorted. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== file);
    if (members.length > 1) found.push(members.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

test("the import graph of app/, components/, lib/ and scripts/ has no file circles, type-only and lazy imports included", () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(400);
  expect(circles(graph)).toEqual([]);
});

test("the circle finder sees a circle made of a type import and a lazy import", () => {
  const graph = new Map([
    ["a.tsx", ["b.tsx"]],
    ["b.tsx", ["a.tsx", "c.ts"]],
    ["c.ts", []],
  ]);
  expect(circles(graph)).toEqual([["a.tsx", "b.tsx"]]);
  const text = 'import type { P } from "./b";\nconst V = lazy(() => import("@/components/x/view"));\nexport * from "../y";';
  expect([...text.matchAll(IMPORT)].map((match) => match[1])).toEqual(["./b", "@/components/x/view", "../y"]);
});
