// Completes `next build`'s standalone output (next.config.mjs `output: "standalone"`): Next copies
// the server and the files it traced into .next/standalone/, but leaves public/ and .next/static/
// (the browser's scripts and styles) to the deployment, and its server.js serves them only from its
// own folder. `npm run build` runs this after `next build`, the Dockerfile's build stage through it,
// and the browser tests' harness (tests/browser/harness.ts) before every server it starts, so the
// tests run exactly the folder the container image copies.
//
// A mirror, not a plain copy: unchanged files are left alone (a server already running from the
// folder keeps reading them), changed or new ones are copied, and files gone from the source go
// from the folder too. The bench writes files into public/ between two servers on one build
// (tests/bench/reference-files.ts), which reach the second server this way.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The folder `next build` writes the standalone server into, under the project's root. */
export function standaloneDir(root: string): string {
  return path.join(root, ".next/standalone");
}

/** Copies public/ and .next/static/ into the standalone folder; returns how many files it copied. */
export function copyStandaloneAssets(root: string): number {
  const target = standaloneDir(root);
  if (!existsSync(path.join(target, "server.js"))) {
    throw new Error(`${target}/server.js is missing: build first (next build with output "standalone").`);
  }
  let copied = mirror(path.join(root, "public"), path.join(target, "public"));
  copied += mirror(path.join(root, ".next/static"), path.join(target, ".next/static"));
  return copied;
}

function mirror(from: string, to: string): number {
  if (!existsSync(from)) {
    rmSync(to, { recursive: true, force: true });
    return 0;
  }
  mkdirSync(to, { recursive: true });
  let copied = 0;
  const names = new Set(readdirSync(from));
  for (const name of readdirSync(to)) {
    if (!names.has(name)) rmSync(path.join(to, name), { recursive: true, force: true });
  }
  for (const name of names) {
    const source = path.join(from, name);
    const destination = path.join(to, name);
    const stat = statSync(source);
    if (stat.isDirectory()) {
      if (existsSync(destination) && !statSync(destination).isDirectory()) rmSync(destination, { force: true });
      copied += mirror(source, destination);
      continue;
    }
    const existing = existsSync(destination) ? statSync(destination) : null;
    if (existing?.isDirectory()) rmSync(destination, { recursive: true, force: true });
    else if (existing && existing.size === stat.size && sameMillisecond(existing.mtimeMs, stat.mtimeMs)) continue;
    copyFileSync(source, destination);
    // The source's time, so the next mirror sees the file as unchanged.
    utimesSync(destination, stat.atime, stat.mtime);
    copied++;
  }
  return copied;
}

/** utimes sets whole milliseconds (through a float of seconds), while the file system keeps nanoseconds. */
function sameMillisecond(a: number, b: number): boolean {
  return Math.abs(a - b) < 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const copied = copyStandaloneAssets(process.cwd());
  console.log(`Standalone server ready in ${path.relative(process.cwd(), standaloneDir(process.cwd()))}/ (${copied} files of public/ and .next/static/ copied beside server.js).`);
}
