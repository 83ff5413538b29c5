// The open API's quotas (issue 55) as lib/security/rate-limit-buckets.ts sets them: a key's, per
// minute and per day ("api-key"), and the anonymous one per IP ("open-read"). Read from there,
// never written twice. Pure.
import { openReadRules, RATE_LIMIT_BUCKETS, type RateLimitRule } from "@/lib/security/rate-limit-buckets";

const MINUTE = 60;
export const DAY = 86_400;

function pointsPer(rules: readonly RateLimitRule[], seconds: number): number {
  const rule = rules.find((candidate) => candidate.durationSeconds === seconds);
  if (!rule) throw new Error(`lib/api-keys/quota.ts: no ${seconds} s rule among the open API's`);
  return rule.points;
}

/** Requests a key may make per minute and per day (a window from the key's first request in it). */
export const apiKeyQuota = () => {
  const rules = RATE_LIMIT_BUCKETS["api-key"].rules;
  return { minuteLimit: pointsPer(rules, MINUTE), dayLimit: pointsPer(rules, DAY) };
};

/** Requests a minute per IP without a key, as the limiter counts them (API_ANONYMOUS_PER_MINUTE, given, or the "open-read" bucket's). */
export const anonymousPerMinute = (configured?: number) => pointsPer(openReadRules(configured), MINUTE);
