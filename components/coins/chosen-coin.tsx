// What the coin selector's trigger shows (coin-selector.tsx): the chosen coin, or the placeholder.
import { CoinLogo } from "@/components/shell/coin-logo";
import { CoinTag, type SelectorCoin } from "./coin-selector-parts";

export function ChosenCoin({ value, placeholder }: { value: SelectorCoin | null; placeholder: string }) {
  if (!value) return <span className="truncate text-muted-foreground">{placeholder}</span>;
  return (
    <>
      <CoinLogo coin={value} size={24} />
      <span className="shrink-0 font-semibold">{value.symbol}</span>
      <span className="min-w-0 truncate text-muted-foreground">{value.name}</span>
      {value.tag ? <CoinTag tag={value.tag} /> : null}
    </>
  );
}
