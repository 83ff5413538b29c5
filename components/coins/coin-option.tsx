"use client";

// One row of the open coin panel's listbox (coin-selector-panel.tsx): positioned absolutely in
// the virtualised list, active on pointer move, chosen on click.
import { CoinLogo } from "@/components/shell/coin-logo";
import { LineIcon } from "@/components/ui/line-icon";
import { CHECK } from "@/components/ui/line-icons";
import { CoinTag, type SelectorCoin } from "./coin-selector-parts";

type Props = {
  coin: SelectorCoin;
  id: string;
  index: number;
  rowHeight: number;
  active: boolean;
  chosen: boolean;
  onActivate: () => void;
  onChoose: () => void;
};

export function CoinOption({ coin, id, index, rowHeight, active, chosen, onActivate, onChoose }: Props) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={chosen}
      data-active={active || undefined}
      // Keep focus (and so the keyboard) in the search box when a row is pressed.
      onMouseDown={(event) => event.preventDefault()}
      // pointermove, not pointerenter: rows sliding under a still pointer while the
      // keyboard scrolls must not steal the active option.
      onPointerMove={onActivate}
      onClick={onChoose}
      className="absolute left-0 top-0 flex w-full cursor-pointer items-center gap-2 px-3 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground"
      style={{ height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
    >
      <CoinLogo coin={coin} size={24} />
      <span className="shrink-0 font-semibold">{coin.symbol}</span>
      <span className="min-w-0 flex-1 truncate text-muted-foreground">{coin.name}</span>
      {coin.tag ? <CoinTag tag={coin.tag} /> : null}
      {chosen && <LineIcon icon={CHECK} className="size-4 shrink-0 text-primary" />}
    </div>
  );
}
