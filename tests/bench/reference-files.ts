// Static twins of the measured responses. `next start` lists public/ once at start-up, so these
// files must be written before the server that serves them starts (the bench probes the
// responses on one server, writes the files, then measures on a restarted one). Each twin is a
// copy of the response body: same size and same compressibility, so the static file costs the
// server the same gzip work and bytes, and the ratio isolates the route's own work.
// public/bench-reference/ is gitignored and removed when the bench ends.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { targetSlug, type Target } from "./targets";

const ROOT = path.resolve(import.meta.dirname, "../..");
const REFERENCE_DIR = path.join(ROOT, "public/bench-reference");

export function clearReferenceFiles(): void {
  rmSync(REFERENCE_DIR, { recursive: true, force: true });
}

/** The URL path of a target's twin for one data set ("62" or "5000"). */
export function referenceUrlPath(dataSet: string, target: Target): string {
  return `/bench-reference/${dataSet}/${targetSlug(target)}.${target.kind}`;
}

export function writeReferenceFile(dataSet: string, target: Target, body: Buffer): void {
  const file = path.join(ROOT, "public", referenceUrlPath(dataSet, target));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
}
