import { cn } from "@/lib/shared/class-names";

type LogoCoin = { symbol: string; logoUrl: string | null };

type Props = {
  coin: LogoCoin;
  size?: number;
  className?: string;
  /**
   * "eager" where the logo is the page's own (the coin page's); a list below the first screen
   * uses ListCoinLogo (list-coin-logo.tsx), fetched only once it comes near the screen.
   */
  loading?: "eager";
};

/** The coin's logo, or the first two letters of its symbol when it has none (spec section 2). */
export function CoinLogo({ coin, size = 28, className, loading }: Props) {
  if (coin.logoUrl) {
    return (
      // The site's own logos are small local WebP files (an SVG <img> is styled, laid out and
      // painted on the main thread, issue 53); next/image would add a request hop and nothing else. Width
      // and height hold the space, so a lazy logo moves nothing when it arrives. Low priority:
      // a logo is never what a visitor came for, so it waits behind the page's stylesheet and
      // scripts, and React does not preload it (issue 41: eager logos were preloaded at high
      // priority, and Lighthouse counts such images before a page's largest paint).
      // eslint-disable-next-line @next/next/no-img-element
      <img src={coin.logoUrl} alt="" width={size} height={size} loading={loading} fetchPriority="low" className={cn("coin-logo", className)} />
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
