// One request per target, before any load: the body (for its static twin), its sizes, and
// whether the route works on this branch at all.
import { gzipSync } from "node:zlib";
import { request } from "./http-get";
import { targetSlug, type Target } from "./targets";

export type Probe = {
  target: Target;
  status: number;
  /** The route answers what it should; otherwise it prints as "n/a (status N)". */
  works: boolean;
  body: Buffer;
  /** Gzipped size: as sent, or gzipped here when the server sent it uncompressed (bodies under 1 KB). */
  gzipBytes: number;
};

export type Probes = Map<string, Probe>;

export async function probeTargets(baseUrl: string, targets: readonly Target[]): Promise<Probes> {
  const probes: Probes = new Map();
  for (const target of targets) {
    const res = await request(baseUrl, target);
    probes.set(targetSlug(target), {
      target,
      status: res.status,
      works: res.status === target.expectedStatus,
      body: res.body,
      gzipBytes: res.contentEncoding === "gzip" ? res.wireBytes : gzipSync(res.body).length,
    });
  }
  return probes;
}

export function probeOf(probes: Probes, target: Target): Probe {
  const probe = probes.get(targetSlug(target));
  if (!probe) throw new Error(`bench: ${target.name} was not probed`);
  return probe;
}
