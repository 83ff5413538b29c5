// Coin 2's market cap on a chosen day, from its stored history (lib/compare/on-date.ts): the
// picker's bounds, the day's point (the last usable one of the UTC day, real before sample), and
// what is said for a day without one. Every case worked by hand.
import { capOnDay, dayBounds } from "@/lib/compare/on-date";
import type { HistoryPoint } from "@/lib/history/schemas";

const at = (day: string, time = "00:00") => Date.parse(`${day}T${time}:00Z`);
const point = (day: string, time: string, marketCap: number, sample = false): HistoryPoint => ({
  t: at(day, time),
  price: 1,
  marketCap,
  ...(sample && { sample: true as const }),
});

describe("capOnDay", () => {
  test("no history: nothing to pick", () => {
    expect(dayBounds([])).toBeNull();
    expect(capOnDay([], null)).toEqual({ kind: "no-history" });
    expect(capOnDay([], "2026-11-20")).toEqual({ kind: "no-history" });
  });

  test("one point: it is both bounds and the default day", () => {
    const points = [point("2026-11-20", "12:00", 5e9)];
    const bounds = { first: "2026-11-20", last: "2026-11-20" };
    expect(dayBounds(points)).toEqual(bounds);
    expect(capOnDay(points, null)).toEqual({ kind: "found", day: "2026-11-20", marketCap: 5e9, sample: false, bounds });
    expect(capOnDay(points, "2026-11-19")).toEqual({ kind: "outside", day: "2026-11-19", bounds });
    expect(capOnDay(points, "2026-11-21")).toEqual({ kind: "outside", day: "2026-11-21", bounds });
  });

  test("several points a day: the day's last one, whatever the order they come in", () => {
    const points = [
      point("2026-11-20", "00:00", 1e9),
      point("2026-11-20", "23:55", 3e9),
      point("2026-11-20", "12:00", 2e9),
      point("2026-11-21", "00:05", 9e9),
    ];
    expect(capOnDay(points, "2026-11-20")).toMatchObject({ kind: "found", marketCap: 3e9 });
    // The default is the last day with history, and its last point.
    expect(capOnDay(points, null)).toMatchObject({ kind: "found", day: "2026-11-21", marketCap: 9e9 });
  });

  test("a day inside the bounds without a point: no record, and the nearest earlier day offered", () => {
    const points = [point("2026-11-01", "00:00", 1e9), point("2026-11-05", "00:00", 2e9), point("2026-11-10", "00:00", 3e9)];
    expect(capOnDay(points, "2026-11-07")).toEqual({
      kind: "no-record",
      day: "2026-11-07",
      bounds: { first: "2026-11-01", last: "2026-11-10" },
      earlier: "2026-11-05",
    });
    expect(capOnDay(points, "2026-11-02")).toMatchObject({ kind: "no-record", earlier: "2026-11-01" });
  });

  test("bad and zero caps are no record: they neither bound the picker nor answer a day", () => {
    const points = [
      point("2026-10-30", "00:00", 0),
      point("2026-11-01", "00:00", 1e9),
      point("2026-11-02", "00:00", Number.NaN),
      point("2026-11-03", "00:00", 4e9),
      point("2026-11-03", "18:00", -5),
      point("2026-11-04", "00:00", Number.POSITIVE_INFINITY),
    ];
    expect(dayBounds(points)).toEqual({ first: "2026-11-01", last: "2026-11-03" });
    expect(capOnDay(points, "2026-11-02")).toMatchObject({ kind: "no-record", earlier: "2026-11-01" });
    // The 18:00 point is later but unusable: the day's cap is the usable 00:00 one.
    expect(capOnDay(points, "2026-11-03")).toMatchObject({ kind: "found", marketCap: 4e9 });
    expect(capOnDay(points, "2026-10-30")).toMatchObject({ kind: "outside" });
    expect(capOnDay([point("2026-11-01", "00:00", 0)], null)).toEqual({ kind: "no-history" });
  });

  test("sample points are marked, and a real point that day wins over a later sample one", () => {
    const points = [point("2026-11-01", "00:00", 1e9, true), point("2026-11-02", "00:00", 2e9, true), point("2026-11-02", "09:00", 7e9), point("2026-11-02", "20:00", 3e9, true)];
    expect(capOnDay(points, "2026-11-01")).toMatchObject({ kind: "found", marketCap: 1e9, sample: true });
    expect(capOnDay(points, "2026-11-02")).toMatchObject({ kind: "found", marketCap: 7e9, sample: false });
  });
});
