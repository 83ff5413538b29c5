import { cn } from "@/lib/utils";

type LogoCoin = { symbol: string; logoUrl: string | null };

/** The coin's logo, or the first two letters of its symbol when it has none (spec section 2). */
export function CoinLogo({ coin, size = 28, className }: { coin: LogoCoin; size?: number; className?: string }) {
  if (coin.logoUrl) {
    return (
      // Logos are small local SVGs; next/image would add a request hop and nothing else.
      // eslint-disable-next-line @next/next/no-img-element
      <img src={coin.logoUrl} alt="" width={size} height={size} className={cn("shrink-0 rounded-full", className)} />
    );
  }
  return (
    <span
      aria-hidden
      style={{ width: size, height: size, fontSize: size * 0.38 }}
      className={cn("inline-flex shrink-0 items-center justify-center rounded-full bg-secondary font-semibold", className)}
    >
      {coin.symbol.slice(0, 2).toUpperCase()}
    </span>
  );
}
