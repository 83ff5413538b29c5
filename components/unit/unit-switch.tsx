"use client";

// The header's USD / PLS switch (issue 43, part 3). The unit is kept in local storage, like the
// cookie consent, and shown as an attribute on <html>, which the stylesheet reads to show each
// figure's dollar or PLS text (components/shell/money.tsx). The stored unit is set there before the
// first paint (unit-script.tsx); the switch sets it when the visitor picks (or another tab does).
// The server's HTML never depends on it.
import { useSyncExternalStore } from "react";
import { SegmentedRadios, type SegmentedOption } from "@/components/ui/segmented-radios";
import { parseUnit, UNIT_ATTRIBUTE, UNIT_STORAGE_KEY, type DisplayUnit } from "@/lib/shared/display-unit";

const UNITS: readonly SegmentedOption<DisplayUnit>[] = [
  { value: "usd", label: "USD", name: "US dollars" },
  { value: "pls", label: "PLS", name: "PLS" },
];

/** Chosen in this visit when storage is blocked: the switch still works until the page is left. */
let chosenThisVisit: DisplayUnit | null = null;
const listeners = new Set<() => void>();

function storedUnit(): DisplayUnit {
  if (chosenThisVisit) return chosenThisVisit;
  try {
    return parseUnit(window.localStorage.getItem(UNIT_STORAGE_KEY));
  } catch {
    return "usd"; // storage blocked: dollars, never a crash
  }
}

const show = (unit: DisplayUnit) => document.documentElement.setAttribute(UNIT_ATTRIBUTE, unit);

/** Another tab's choice (the storage event) shows here too. */
function onStorage(event: StorageEvent) {
  if (event.key !== UNIT_STORAGE_KEY && event.key !== null) return;
  show(storedUnit());
  listeners.forEach((listener) => listener());
}

/** This tab's choices, and another tab's, re-read the stored unit. */
function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

function choose(unit: DisplayUnit) {
  try {
    window.localStorage.setItem(UNIT_STORAGE_KEY, unit);
  } catch {
    chosenThisVisit = unit;
  }
  show(unit);
  listeners.forEach((listener) => listener());
}

export function UnitSwitch() {
  // Dollars on the server and in the hydration render (the server cannot read storage); React
  // then renders again with what the browser holds.
  const unit = useSyncExternalStore(subscribe, storedUnit, () => "usd" as const);
  return (
    <SegmentedRadios
      options={UNITS}
      value={unit}
      onChange={choose}
      label="Show prices and market caps in"
      className="inline-flex rounded-md bg-muted p-0.5 text-[11px] font-medium leading-none"
      itemClassName="rounded px-1.5 py-1"
      testId="unit-switch"
    />
  );
}
