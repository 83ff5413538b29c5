// The lint rules that hold the codebase's layout (eslint.config.mjs) catch what they are for:
// an import circle, and an import running back up a floor. Each probe lints a real file's path
// with one import added, so the rules see the real tree. ESLint loads its ESM config with a
// dynamic import that jest's module sandbox cannot run, so the probes run in a child Node.
import { execFileSync } from "node:child_process";

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

test("an import circle, and imports back up a floor, are errors; the same file's own imports are not", () => {
  const [circle, libToComponents, libToApp, seedToLib, componentsToApp, clean] = lint([
    // lib/compare/sitemap-entries.ts imports lib/coins/coin-path.ts: importing it back closes a circle.
    { file: "lib/coins/coin-path.ts", text: 'import { SITEMAP_PAGES } from "@/lib/compare/sitemap-entries";\nexport const pages = SITEMAP_PAGES;\n' },
    { file: "lib/format.ts", text: 'import { Button } from "@/components/ui/button";\nexport const x = Button;\n' },
    { file: "lib/format.ts", text: 'import robots from "@/app/robots";\nexport const x = robots;\n' },
    { file: "prisma/seed/coins.ts", text: 'import { formatPrice } from "@/lib/format";\nexport const x = formatPrice;\n' },
    { file: "components/ui/button.tsx", text: 'import robots from "@/app/robots";\nexport const x = robots;\n' },
    { file: "lib/format.ts", text: 'import { SITEMAP_PAGES } from "@/lib/compare/sitemap-entries";\nexport const pages = SITEMAP_PAGES;\n' },
  ]);
  expect(circle).toContain("import/no-cycle");
  expect(libToComponents).toContain("import/no-restricted-paths");
  expect(libToApp).toContain("import/no-restricted-paths");
  expect(seedToLib).toContain("import/no-restricted-paths");
  expect(componentsToApp).toContain("import/no-restricted-paths");
  expect(clean).toEqual([]);
}, 60_000);
