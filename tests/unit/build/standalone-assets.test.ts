// scripts/standalone-assets.ts, as `npm run build` and the Dockerfile run it (a process in the project's
// root) on a stand-in for `next build`'s output: public/ and .next/static/ beside server.js, and a
// later run copies what changed and removes what went, leaving the rest untouched (a server may be
// reading it; the browser harness runs it before every server it starts).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const TSX = path.resolve("node_modules/.bin/tsx");
const SCRIPT = path.resolve("scripts/standalone-assets.ts");

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "standalone-assets-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(relative: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), text);
}

const read = (relative: string) => readFileSync(path.join(root, relative), "utf8");
const run = () => execFileSync(TSX, [SCRIPT], { cwd: root, encoding: "utf8" });

test("refuses a build without the standalone server", () => {
  write("public/logo.svg", "<svg/>");
  const result = spawnSync(TSX, [SCRIPT], { cwd: root, encoding: "utf8" });
  expect(result.status).not.toBe(0);
  expect(result.stderr).toContain(".next/standalone/server.js is missing");
});

test("copies public/ and .next/static/ beside server.js, then only what changed", () => {
  write(".next/standalone/server.js", "// server");
  write("public/logo.svg", "<svg/>");
  write("public/logos/hex.svg", "<svg>hex</svg>");
  write("public/old/gone.txt", "soon gone");
  write(".next/static/chunks/app.js", "console.log(1)");

  expect(run()).toContain("(4 files");
  expect(read(".next/standalone/public/logo.svg")).toBe("<svg/>");
  expect(read(".next/standalone/public/logos/hex.svg")).toBe("<svg>hex</svg>");
  expect(read(".next/standalone/.next/static/chunks/app.js")).toBe("console.log(1)");
  expect(read(".next/standalone/server.js")).toBe("// server");

  const copiedAt = statSync(path.join(root, ".next/standalone/public/logo.svg"));
  expect(run()).toContain("(0 files");
  const after = statSync(path.join(root, ".next/standalone/public/logo.svg"));
  expect([after.ino, after.mtimeMs]).toEqual([copiedAt.ino, copiedAt.mtimeMs]);

  // A changed file (same size, later time), a new one, a removed file and folder.
  write("public/logos/hex.svg", "<svg>HEX</svg>");
  utimesSync(path.join(root, "public/logos/hex.svg"), new Date(), new Date(Date.now() + 5_000));
  write("public/bench-reference/62/home.html", "<html/>");
  rmSync(path.join(root, "public/old"), { recursive: true });
  rmSync(path.join(root, ".next/static/chunks/app.js"));

  expect(run()).toContain("(2 files");
  expect(read(".next/standalone/public/logos/hex.svg")).toBe("<svg>HEX</svg>");
  expect(read(".next/standalone/public/bench-reference/62/home.html")).toBe("<html/>");
  expect(existsSync(path.join(root, ".next/standalone/public/old"))).toBe(false);
  expect(existsSync(path.join(root, ".next/standalone/.next/static/chunks/app.js"))).toBe(false);
  expect(read(".next/standalone/server.js")).toBe("// server");
});
