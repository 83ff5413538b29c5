// One contract per feature (issue 52): each lib/<feature>/endpoints.ts declares its endpoints,
// lib/api/contract.ts merges every one of them for the server, and the browser never loads the
// merged map (it would bring every feature's schemas): its calls load one feature's file.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { endpoints } from "@/lib/api/contract";

const root = process.cwd();
const walk = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return rel === path.join("lib", "generated") ? [] : walk(rel);
    return /\.(ts|tsx)$/.test(entry.name) ? [rel] : [];
  });
const source = (file: string) => readFileSync(path.join(root, file), "utf8");

test("browser code reaches the merged contract by type only, never at run time", () => {
  const browserSide = [...walk("components"), ...walk("lib").filter((file) => /\.browser\.tsx?$/.test(file))];
  const loads = browserSide.flatMap((file) =>
    [...source(file).matchAll(/(import\s+(type\s+)?[^"]*?from\s*|import\s*\(\s*)"([^"]+)"/g)]
      .filter(([, , typeOnly, spec]) => !typeOnly && (spec === "@/lib/api/contract" || (file.startsWith(path.join("lib", "api")) && spec === "./contract")))
      .map(([, , , spec]) => `${file} -> ${spec}`),
  );
  expect(loads).toEqual([]);
  expect(browserSide.length).toBeGreaterThan(100);
});

test("every endpoint a feature's endpoints file declares is in the merged map, under the same name", () => {
  const files = readdirSync(path.join(root, "lib"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && readdirSync(path.join(root, "lib", entry.name)).includes("endpoints.ts"))
    .map((entry) => entry.name);
  expect(files.length).toBeGreaterThanOrEqual(12);
  const declared = files.flatMap((folder) =>
    Object.entries(jest.requireActual<Record<string, unknown>>(`@/lib/${folder}/endpoints`)).map(([name, declaration]) => ({ name, declaration })),
  );
  for (const { name, declaration } of declared) expect(endpoints[name as keyof typeof endpoints]).toBe(declaration);
  expect(declared).toHaveLength(Object.keys(endpoints).length);
});
