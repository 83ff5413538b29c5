// A key's quota (issue 55), as lib/security/rate-limit-buckets.ts sets it for the "api-key"
// bucket: per minute and per day, per key. Read from there, never written twice. Pure.
import { RATE_LIMIT_BUCKETS } from "@/lib/security/rate-limit-buckets";

const MINUTE = 60;
export const DAY = 86_400;

function pointsPer(seconds: number): number {
  const rule = RATE_LIMIT_BUCKETS["api-key"].rules.find((candidate) => candidate.durationSeconds === seconds);
  if (!rule) throw new Error(`lib/api-keys/quota.ts: the "api-key" bucket has no ${seconds} s rule`);
  return rule.points;
}

/** Requests a key may make per minute and per (rolling from its first request) day. */
export const apiKeyQuota = () => ({ minuteLimit: pointsPer(MINUTE), dayLimit: pointsPer(DAY) });
