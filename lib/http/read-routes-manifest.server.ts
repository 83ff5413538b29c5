// The build's routing rules (.next/routes-manifest.json), for the request hooks that answer before
// Next and must send what Next would (lib/http/build-route-rules.ts reads them).
import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RoutesManifest } from "./build-route-rules";

/**
 * The rules of the build in `dir/.next`, or null (logged with `otherwise`: what happens instead)
 * when there is no build there. `next start` and the standalone server both run in that directory.
 */
export function readRoutesManifest(dir: string, otherwise: string): RoutesManifest | null {
  const file = path.join(dir, ".next", "routes-manifest.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as RoutesManifest;
  } catch (error) {
    console.warn(`[http] cannot read ${file}: ${otherwise}`, error);
    return null;
  }
}
