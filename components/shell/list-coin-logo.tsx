import { CoinLogo } from "@/components/shell/coin-logo";
import { cn } from "@/lib/shared/class-names";

type Props = Omit<React.ComponentProps<typeof CoinLogo>, "loading">;

/**
 * A coin's logo in a list below the first screen (the home page's tables and lists, a pair's
 * links): its file is fetched only once it comes near the screen, by the page's one observer
 * (logos-in-view-script.tsx), so a page's lists cost nothing while it loads; it is never
 * preloaded either (React preloads every <img src> of the server HTML). Until then its box holds
 * a muted disc of its size (app/globals.css), so nothing moves when it arrives.
 *
 * React warns of the src it did not render only in a development build (the warning is not in
 * production React), so only there is it told to expect one: in production the flag would be 30
 * bytes a logo of every page's RSC payload.
 */
export function ListCoinLogo({ coin, size = 28, className }: Props) {
  if (!coin.logoUrl) return <CoinLogo coin={coin} size={size} className={className} />;
  const expectSrc = process.env.NODE_ENV === "production" ? {} : { suppressHydrationWarning: true };
  // eslint-disable-next-line @next/next/no-img-element
  return <img data-src={coin.logoUrl} {...expectSrc} alt="" width={size} height={size} className={cn("coin-logo", className)} />;
}
