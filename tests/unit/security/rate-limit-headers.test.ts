// The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers-10) as the API writes them.
import { RATE_LIMIT_BUCKETS, type RateLimitRule } from "@/lib/security/rate-limit-buckets";
import { policyName, rateLimitHeaders, refusalHeaders } from "@/lib/security/rate-limit-headers";

test("one named policy per rule: its quota and window; the caller's standing under the same names", () => {
  const rules = RATE_LIMIT_BUCKETS["api-key"].rules;
  const [minute, day] = rules;
  expect(rateLimitHeaders(rules, [
    { rule: minute, remaining: 599, resetSeconds: 60 },
    { rule: day, remaining: 49_000, resetSeconds: 3_600 },
  ])).toEqual({ "RateLimit-Policy": '"minute";q=600;w=60, "day";q=50000;w=86400', RateLimit: '"minute";r=599;t=60, "day";r=49000;t=3600' });
});

test("rules that share a window are told apart by what they count on", () => {
  const rules: RateLimitRule[] = [
    { key: "ip", points: 30, durationSeconds: 60 },
    { key: "ip-pair", points: 1, durationSeconds: 60 },
    { key: "address", points: 5, durationSeconds: 600 },
  ];
  expect(rules.map((rule) => policyName(rule, rules))).toEqual(["ip-minute", "ip-pair-minute", "10-minutes"]);
  expect(policyName({ key: "ip", points: 1, durationSeconds: 90 }, [])).toBe("90s");
});

test("a refusal adds Retry-After", () => {
  const rules = RATE_LIMIT_BUCKETS["open-read"].rules;
  expect(refusalHeaders(rules, [{ rule: rules[0]!, remaining: 0, resetSeconds: 12 }], 12)).toEqual({
    "RateLimit-Policy": '"minute";q=120;w=60',
    RateLimit: '"minute";r=0;t=12',
    "Retry-After": "12",
  });
});

test("every bucket's policy names are unique, as the field requires", () => {
  for (const { rules } of Object.values(RATE_LIMIT_BUCKETS)) {
    const names = rules.map((rule) => policyName(rule, rules));
    expect(new Set(names).size).toBe(names.length);
  }
});
