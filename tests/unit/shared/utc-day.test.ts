// The site's UTC day keys (lib/shared/utc-day.ts): what ?on= and the listing form's start day
// accept, and the key of a time, whatever the machine's time zone.
import { dayKey, dayStart, parseDayKey } from "@/lib/shared/utc-day";
import { daySchema } from "@/lib/orders/schemas";

const at = (day: string, time: string) => Date.parse(`${day}T${time}:00Z`);

describe("parseDayKey", () => {
  test.each(["2026-11-20", " 2026-11-20 ", "2024-02-29", "1970-01-01", "1969-12-31"])("%j is a day", (text) => {
    expect(parseDayKey(text)).toBe(text.trim());
  });
  test.each(["", "2026-11-31", "2026-02-29", "2026-13-01", "2026-00-10", "2026-1-5", "20261120", "2026-11-20T00:00", "yesterday", null, undefined])(
    "%j is not",
    (text) => expect(parseDayKey(text)).toBeNull(),
  );
});

test("dayKey takes the UTC day, not the machine's", () => {
  // 23:59 UTC on the 20th is the 21st east of Greenwich; the site's days are UTC.
  expect(dayKey(at("2026-11-20", "23:59"))).toBe("2026-11-20");
  expect(dayKey(new Date(at("2026-11-21", "00:00")))).toBe("2026-11-21");
  expect(dayStart("2026-11-21")).toBe(at("2026-11-21", "00:00"));
  expect(dayStart("nope")).toBeNaN();
});

test("the listing form's day is the same rule, as the Date of its midnight", () => {
  expect(daySchema.parse("2026-12-01")).toEqual(new Date("2026-12-01T00:00:00Z"));
  expect(daySchema.safeParse("2026-02-30").error?.issues[0]?.message).toBe("2026-02-30 is not a day of the calendar.");
  expect(daySchema.safeParse("2026-2-3").error?.issues[0]?.message).toBe("Give a day as YYYY-MM-DD.");
});
