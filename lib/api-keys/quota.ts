// The open API's quotas (issue 55) as lib/security/rate-limit-buckets.ts sets them: a key's, per
// minute and per day ("api-key"), and the anonymous one per IP ("open-read"). Read from there,
// never written twice. Pure.
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";

const MINUTE = 60;
export const DAY = 86_400;

function pointsPer(bucket: "api-key" | "open-read", seconds: number): number {
  const rule = RATE_LIMIT_BUCKETS[bucket].rules.find((candidate) => candidate.durationSeconds === seconds);
  if (!rule) throw new Error(`lib/api-keys/quota.ts: the "${bucket}" bucket has no ${seconds} s rule`);
  return rule.points;
}

/** Requests a key may make per minute and per day (a window from the key's first request in it). */
export const apiKeyQuota = () => ({ minuteLimit: pointsPer("api-key", MINUTE), dayLimit: pointsPer("api-key", DAY) });

/** Requests a minute per IP without a key: the operator's API_ANONYMOUS_PER_MINUTE, given, or the "open-read" bucket's. */
export const anonymousPerMinute = (configured?: number) => configured ?? pointsPer("open-read", MINUTE);
