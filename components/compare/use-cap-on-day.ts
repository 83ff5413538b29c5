"use client";

// The date view's day and what coin 2's stored history says of it (lib/compare/on-date.ts: the
// day's last point), reported to TargetChoice so the holding figures and the address follow.
import { useEffect } from "react";
import { useCoinHistory } from "@/components/charts/history-queries";
import { useDayChoice } from "@/components/compare/target-choice";
import { capOnDay, type CapOnDay } from "@/lib/compare/on-date";
import { parseDayKey } from "@/lib/shared/utc-day";

export function useCapOnDay(coin2Id: string) {
  const history = useCoinHistory(coin2Id, "all");
  const { dayText, setDayText, report } = useDayChoice();
  // null: no day picked yet, so the last day with history; "" or a bad text: the field was cleared.
  const picked = dayText === null ? null : parseDayKey(dayText);
  const found: CapOnDay | null = history.data && (dayText === null || picked) ? capOnDay(history.data, picked) : null;

  // The holding figures and the address read the day's cap from TargetChoice: told what is shown.
  // Compared by value: a new `found` object with the same figures is no news.
  const shown = found?.kind === "found" ? found : null;
  const [shownDay, shownCap, shownSample] = [shown?.day ?? null, shown?.marketCap ?? null, shown?.sample ?? false];
  useEffect(() => {
    report(shownDay !== null && shownCap !== null ? { day: shownDay, marketCap: shownCap, sample: shownSample } : null);
  }, [report, shownDay, shownCap, shownSample]);
  useEffect(() => () => report(null), [report]);

  return { history, dayText, setDayText, found };
}
