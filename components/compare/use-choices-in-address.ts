"use client";

import { useEffect, useEffectEvent, useRef } from "react";
import { choicesFromSearch, searchWithChoices, type ComparisonChoices } from "@/lib/compare/target-param";

/**
 * Keeps a comparison's choices in the page's address (?target=ath, ?mcap=100b, ?on=2026-11-20,
 * ?hold=1500000): `onRead` gets what the address holds once, after hydration (the cached HTML shows the defaults,
 * and the server never sees the choices), and from then on `choices` are written back with
 * replaceState, so a shared link keeps them without a history entry per keystroke.
 */
export function useChoicesInAddress(enabled: boolean, choices: ComparisonChoices, onRead: (read: ComparisonChoices) => void): void {
  // An Effect Event: the read always calls the latest `onRead`, yet a new `onRead` is no reason to read again.
  const read = useEffectEvent(onRead);
  useEffect(() => {
    if (enabled) read(choicesFromSearch(window.location.search));
  }, [enabled]);

  const { target, capText, holdText, dayText } = choices;
  const started = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    // The first run sees hydration's defaults, before the address was read: nothing to write yet.
    if (!started.current) {
      started.current = true;
      return;
    }
    const { pathname, search, hash } = window.location;
    const next = `${pathname}${searchWithChoices(search, { target, capText, holdText, dayText })}${hash}`;
    if (next !== `${pathname}${search}${hash}`) window.history.replaceState(window.history.state, "", next);
  }, [enabled, target, capText, holdText, dayText]);
}
