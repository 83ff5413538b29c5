// The lint rules that hold the codebase's layout (eslint.config.mjs) catch what they are for:
// an import circle, an import running back up a floor or up a layer of lib/. Each probe lints a real file's path
// with one import added, so the rules see the real tree. ESLint loads its ESM config with a
// dynamic import that jest's module sandbox cannot run, so the probes run in a child Node.
import { execFileSync } from "node:child_process";
import { REPO_ROOT } from "@/tests/helpers/repo-root";

type Probe = { file: string; text: string };

function lint(probes: Probe[]): string[][] {
  const script = `
    import { ESLint } from "eslint";
    const eslint = new ESLint();
    const probes = ${JSON.stringify(probes)};
    const out = [];
    for (const { file, text } of probes) {
      const [result] = await eslint.lintText(text, { filePath: file });
      out.push(result.messages.map((m) => m.ruleId));
    }
    console.log(JSON.stringify(out));
  `;
  return JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8" }));
}

test("an import circle, imports back up a floor, and within lib/ up or across a layer, are errors; an import down a layer is not", () => {
  const [circle, libToComponents, libToApp, seedToLib, componentsToApp, upALayer, acrossALayer, clean] = lint([
    // lib/compare/sitemap-entries.ts imports lib/coins/coin-path.ts: importing it back closes a circle.
    { file: "lib/coins/coin-path.ts", text: 'import { SITEMAP_PAGES } from "@/lib/compare/sitemap-entries";\nexport const pages = SITEMAP_PAGES;\n' },
    { file: "lib/shared/format.ts", text: 'import { Button } from "@/components/ui/button";\nexport const x = Button;\n' },
    { file: "lib/shared/format.ts", text: 'import robots from "@/app/robots";\nexport const x = robots;\n' },
    { file: "prisma/seed/coins.ts", text: 'import { formatPrice } from "@/lib/shared/format";\nexport const x = formatPrice;\n' },
    { file: "components/ui/button.tsx", text: 'import robots from "@/app/robots";\nexport const x = robots;\n' },
    // lib/ in layers (eslint.config.mjs LIB_LAYERS): coins (2) below trending (3); trending and bag share layer 3.
    { file: "lib/coins/coin-path.ts", text: 'import { MEME_TAG } from "@/lib/trending/home-tables";\nexport const tag = MEME_TAG;\n' },
    { file: "lib/trending/home-tables.ts", text: 'import { toBagTokenRows } from "@/lib/bag/bag-tokens";\nexport const rows = toBagTokenRows;\n' },
    { file: "lib/compare/pair-copy.ts", text: 'import { coinPath } from "@/lib/coins/coin-path";\nexport const path = coinPath;\n' },
  ]);
  expect(circle).toContain("import/no-cycle");
  expect(libToComponents).toContain("import/no-restricted-paths");
  expect(libToApp).toContain("import/no-restricted-paths");
  expect(seedToLib).toContain("import/no-restricted-paths");
  expect(componentsToApp).toContain("import/no-restricted-paths");
  expect(upALayer).toContain("import/no-restricted-paths");
  expect(acrossALayer).toContain("import/no-restricted-paths");
  expect(clean).toEqual([]);
}, 60_000);

// No function over 80 lines in app/, components/ or lib/ (eslint.config.mjs, issue 52): the
// function counts from its first line to its closing brace.
test("a function of 81 lines in lib/ is an error; one of 80 is not", () => {
  const functionOf = (lines: number) => `export function long(): number {\n  let total = 0;\n${"  total += 1;\n".repeat(lines - 4)}  return total;\n}\n`;
  const [over, atTheBound] = lint([
    { file: "lib/shared/format.ts", text: functionOf(81) },
    { file: "lib/shared/format.ts", text: functionOf(80) },
  ]);
  expect(over).toContain("max-lines-per-function");
  expect(atTheBound).toEqual([]);
}, 60_000);

test("components/: ui imports no other room, shell only ui, a feature another feature only by a line of FEATURE_IMPORTS", () => {
  const importing = (file: string, what: string, from: string): Probe => ({ file, text: `import { ${what} } from "${from}";\nexport const x = ${what};\n` });
  const cases: [string, Probe, "refused" | "clean"][] = [
    ["ui -> shell", importing("components/ui/button.tsx", "Money", "@/components/shell/money"), "refused"],
    ["shell -> a feature", importing("components/shell/coin-logo.tsx", "useCoinsByIds", "@/components/coins/coin-queries"), "refused"],
    // home -> bag has no line in FEATURE_IMPORTS.
    ["home -> bag", importing("components/home/featured-card.tsx", "BagTable", "@/components/bag/bag-table"), "refused"],
    // home -> coins has a line; coins -> home does not (a line allows one direction).
    ["coins -> home", importing("components/coins/coin-table.tsx", "LinkedCoin", "@/components/home/linked-coin"), "refused"],
    ["home -> coins", importing("components/home/featured-card.tsx", "useCoinsByIds", "@/components/coins/coin-queries"), "clean"],
    ["home -> shell", importing("components/home/featured-card.tsx", "Money", "@/components/shell/money"), "clean"],
    ["shell -> ui", importing("components/shell/coin-logo.tsx", "Card", "@/components/ui/card"), "clean"],
  ];
  const verdict = (rules: string[]) => (rules.includes("import/no-restricted-paths") ? "refused" : rules.length === 0 ? "clean" : rules.join(", "));
  const results = lint(cases.map(([, probe]) => probe));
  expect(cases.map(([name], index) => [name, verdict(results[index]!)])).toEqual(cases.map(([name, , expected]) => [name, expected]));
}, 60_000);

test("a new components/ folder fails the lint until eslint.config.mjs places it", () => {
  const { mkdtempSync, rmSync } = jest.requireActual<typeof import("node:fs")>("node:fs");
  const path = jest.requireActual<typeof import("node:path")>("node:path");
  const folder = mkdtempSync(path.join(process.cwd(), "components", "unplaced-"));
  try {
    const script = 'import { ESLint } from "eslint"; await new ESLint().calculateConfigForFile("components/ui/button.tsx");';
    let failure = "";
    try {
      execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8", stdio: "pipe" });
    } catch (error) {
      failure = String((error as { stderr?: string }).stderr);
    }
    expect(failure).toContain(`place components/${path.basename(folder)} in COMPONENT_FEATURES`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}, 60_000);

// Where a lib module may run is in its name: `*.server.ts` only on the server (it starts with
// `import "server-only"`, so a browser bundle that reaches it fails the build), `*.browser.ts`
// only in the browser, neither: anywhere. lib/ itself holds only domain folders.
describe("lib's file names say where each module runs", () => {
  const { readdirSync, readFileSync } = jest.requireActual<typeof import("node:fs")>("node:fs");
  const path = jest.requireActual<typeof import("node:path")>("node:path");
  const root = REPO_ROOT;
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) return rel === path.join("lib", "generated") ? [] : walk(rel);
      return /\.(ts|tsx)$/.test(entry.name) ? [rel] : [];
    });
  const libFiles = walk("lib");
  const source = (file: string) => readFileSync(path.join(root, file), "utf8");
  const importsOf = (file: string) => [...source(file).matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((match) => match[1]!);

  test("a module is *.server exactly when it imports server-only", () => {
    const misnamed = libFiles.filter((file) => /^import "server-only";/m.test(source(file)) !== /\.server\.tsx?$/.test(file));
    expect(misnamed).toEqual([]);
    expect(libFiles.filter((file) => file.endsWith(".server.ts")).length).toBeGreaterThan(50);
  });

  test("browser code never imports a server module, and server code never a browser one", () => {
    const browserSide = [...libFiles.filter((file) => /\.browser\.tsx?$/.test(file)), ...walk("components").filter((file) => /^["']use client["']/.test(source(file)))];
    const crossings = [
      ...browserSide.flatMap((file) => importsOf(file).filter((spec) => /\.server$/.test(spec)).map((spec) => `${file} -> ${spec}`)),
      ...libFiles.filter((file) => /\.server\.tsx?$/.test(file)).flatMap((file) => importsOf(file).filter((spec) => /\.browser$/.test(spec)).map((spec) => `${file} -> ${spec}`)),
    ];
    expect(crossings).toEqual([]);
    expect(browserSide.length).toBeGreaterThan(20);
  });

  test("lib/ holds domain folders, no loose modules", () => {
    expect(libFiles.filter((file) => path.dirname(file) === "lib")).toEqual([]);
  });

  test("components/ holds rooms (ui, shell, features), no loose modules", () => {
    expect(walk("components").filter((file) => path.dirname(file) === "components")).toEqual([]);
  });
});
