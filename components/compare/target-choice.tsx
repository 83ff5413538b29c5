"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import { HoldingFigures, type HoldingSubject } from "@/components/compare/holding-figures";
import { TargetSwitch } from "@/components/compare/target-switch";
import { TypedNumberField, useTypedNumber } from "@/components/compare/typed-number-field";
import { useChoicesInAddress } from "@/components/compare/use-choices-in-address";
import type { ChosenTarget } from "@/lib/compare/target-param";
import { AMOUNT_RULES, MARKET_CAP_RULES } from "@/lib/compare/typed-number";

const TypedCapContext = createContext<number | null>(null);

/** The market cap typed in the enclosing TargetChoice (null until one parses): the `typed` view reads it. */
export function useTypedCap(): number | null {
  return useContext(TypedCapContext);
}

/**
 * The switch and the view it picks: `today` or `ath`, both rendered by the caller (on the server
 * for the pair page, so neither coin's data is sent twice), or with `typed` a market cap typed in
 * a field here, which that view reads with useTypedCap(). With `holding`, an "I hold [amount]"
 * field and what that amount is worth today and at the chosen target.
 *
 * Starts on today's market cap and no amount, which is what the cached HTML shows. With
 * `inAddress`, the choices are kept in the address (?target=ath, ?mcap=100b, ?hold=1500000): read
 * after hydration, so the page itself stays static and the server never sees an amount, and
 * written with replaceState, so a shared link keeps them without a history entry per keystroke.
 */
export function TargetChoice({
  coinSymbol,
  today,
  ath,
  typed,
  holding,
  inAddress = false,
}: {
  coinSymbol: string;
  today: ReactNode;
  ath: ReactNode;
  typed?: ReactNode;
  holding?: HoldingSubject;
  inAddress?: boolean;
}) {
  const [target, setTarget] = useState<ChosenTarget>("today");
  const cap = useTypedNumber(MARKET_CAP_RULES);
  const amount = useTypedNumber(AMOUNT_RULES);

  useChoicesInAddress(inAddress, { target, capText: target === "cap" ? cap.valueText : "", holdText: amount.valueText }, (choices) => {
    setTarget(choices.target === "cap" && !typed ? "today" : choices.target);
    if (choices.capText) cap.setText(choices.capText);
    if (choices.holdText && holding) amount.setText(choices.holdText);
  });

  const view = target === "cap" ? typed : target === "ath" ? ath : today;
  return (
    <div className="flex flex-col gap-4">
      <TargetSwitch value={target} onChange={setTarget} coinSymbol={coinSymbol} withTypedCap={typed !== undefined} />
      {target === "cap" ? <TypedNumberField label="Market cap" prefix="$" field={cap} placeholder="100b" /> : null}
      <TypedCapContext.Provider value={cap.value}>
        <div data-target={target} data-testid="target-view" className="flex flex-col gap-4">
          {view}
        </div>
      </TypedCapContext.Provider>
      {holding ? <HoldingFigures subject={holding} amount={amount} target={target} typedCap={cap.value} coin2Symbol={coinSymbol} /> : null}
    </div>
  );
}
