"use client";

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { HoldingFigures, type HoldingSubject } from "@/components/compare/holding-figures";
import { TargetSwitch } from "@/components/shell/target-switch";
import { TypedNumberField, useTypedNumber } from "@/components/shell/typed-number-field";
import { useChoicesInAddress } from "@/components/compare/use-choices-in-address";
import type { DayCap } from "@/lib/compare/on-date";
import type { ChosenTarget } from "@/lib/compare/target-param";
import { AMOUNT_RULES, MARKET_CAP_RULES } from "@/lib/compare/typed-number";

const TypedCapContext = createContext<number | null>(null);

/** The market cap typed in the enclosing TargetChoice (null until one parses): the `typed` view reads it. */
export function useTypedCap(): number | null {
  return useContext(TypedCapContext);
}

/**
 * The date target's state, kept here so the address and the holding figures see it: `dayText` is
 * the day picked (YYYY-MM-DD as the input gives it, "" when cleared; null: none picked, so the view
 * shows the last day with history), and the view reports the market cap it found with `report`.
 */
export type DayChoice = { dayText: string | null; setDayText: (text: string) => void; report: (found: DayCap | null) => void };

const DayChoiceContext = createContext<DayChoice>({ dayText: null, setDayText: () => {}, report: () => {} });

/** The `dated` view's handle on the day picked in the enclosing TargetChoice. */
export function useDayChoice(): DayChoice {
  return useContext(DayChoiceContext);
}

/**
 * The switch and the view it picks: `today` or `ath`, both rendered by the caller (on the server
 * for the pair page, so neither coin's data is sent twice), or with `typed` a market cap typed in
 * a field here, which that view reads with useTypedCap(), or with `dated` coin 2's market cap on a
 * day, whose view reads and sets the day with useDayChoice(). With `holding`, an "I hold [amount]"
 * field and what that amount is worth today and at the chosen target.
 *
 * Starts on today's market cap and no amount, which is what the cached HTML shows. With
 * `inAddress`, the choices are kept in the address (?target=ath, ?mcap=100b, ?on=2026-11-20,
 * ?hold=1500000): read
 * after hydration, so the page itself stays static and the server never sees an amount, and
 * written with replaceState, so a shared link keeps them without a history entry per keystroke.
 */
export function TargetChoice({
  coinSymbol,
  today,
  ath,
  typed,
  dated,
  holding,
  inAddress = false,
}: {
  coinSymbol: string;
  today: ReactNode;
  ath: ReactNode;
  typed?: ReactNode;
  dated?: ReactNode;
  holding?: HoldingSubject;
  inAddress?: boolean;
}) {
  const [target, setTarget] = useState<ChosenTarget>("today");
  const cap = useTypedNumber(MARKET_CAP_RULES);
  const amount = useTypedNumber(AMOUNT_RULES);
  const [dayText, setDayText] = useState<string | null>(null);
  const [dayCap, setDayCap] = useState<DayCap | null>(null);
  const dayChoice = useMemo<DayChoice>(() => ({ dayText, setDayText, report: setDayCap }), [dayText]);
  // The day in the address: the one picked, or else the one shown by default once the view has it.
  const shownDay = target === "date" ? (dayText ?? dayCap?.day ?? "") : "";

  const choices = { target, capText: target === "cap" ? cap.valueText : "", holdText: amount.valueText, dayText: shownDay };
  useChoicesInAddress(inAddress, choices, (read) => {
    const offered = (read.target === "cap" && !typed) || (read.target === "date" && !dated) ? "today" : read.target;
    setTarget(offered);
    if (read.capText) cap.setText(read.capText);
    if (read.dayText && dated) setDayText(read.dayText);
    if (read.holdText && holding) amount.setText(read.holdText);
  });

  const view = target === "cap" ? typed : target === "date" ? dated : target === "ath" ? ath : today;
  return (
    <div className="flex flex-col gap-4">
      <TargetSwitch value={target} onChange={setTarget} coinSymbol={coinSymbol} withTypedCap={typed !== undefined} withDate={dated !== undefined} />
      {target === "cap" ? <TypedNumberField label="Market cap" prefix="$" field={cap} placeholder="100b" /> : null}
      <TypedCapContext.Provider value={cap.value}>
        <DayChoiceContext.Provider value={dayChoice}>
          <div data-target={target} data-testid="target-view" className="flex flex-col gap-4">
            {view}
          </div>
        </DayChoiceContext.Provider>
      </TypedCapContext.Provider>
      {holding ? (
        <HoldingFigures subject={holding} amount={amount} target={target} typedCap={cap.value} dayCap={target === "date" ? dayCap : null} coin2Symbol={coinSymbol} />
      ) : null}
    </div>
  );
}
