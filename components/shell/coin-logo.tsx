import { cn } from "@/lib/shared/class-names";

type LogoCoin = { symbol: string; logoUrl: string | null };

type Props = {
  coin: LogoCoin;
  size?: number;
  className?: string;
  /**
   * "lazy" for lists below the first screen: such a logo is fetched only once it comes near the
   * screen (logos-in-view-script.tsx), so a page's lists cost nothing while it loads; and it is
   * never preloaded (React preloads every eager <img> of the server HTML).
   */
  loading?: "lazy" | "eager";
};

/** The coin's logo, or the first two letters of its symbol when it has none (spec section 2). */
export function CoinLogo({ coin, size = 28, className, loading }: Props) {
  if (coin.logoUrl) {
    // The site's own logos are small local WebP files (an SVG <img> is styled, laid out and
    // painted on the main thread, issue 53); next/image would add a request hop and nothing else.
    // Width and height hold the space, so a logo moves nothing when it arrives. Low priority: a
    // logo is never what a visitor came for, so it waits behind the page's stylesheet and scripts
    // (issue 41: eager logos were preloaded at high priority, and Lighthouse counts such images
    // before a page's largest paint). A lazy one has no src until the page's script gives it one;
    // suppressHydrationWarning: that script may have, before React hydrates the page.
    const source = loading === "lazy" ? { "data-src": coin.logoUrl, suppressHydrationWarning: true } : { src: coin.logoUrl, loading };
    return (
      // eslint-disable-next-line @next/next/no-img-element
      <img {...source} alt="" width={size} height={size} fetchPriority="low" className={cn("coin-logo", className)} />
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
