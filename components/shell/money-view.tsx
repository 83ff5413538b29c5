// A figure in both units, as plain markup (see money.tsx for why both texts are rendered). No hook
// and no "use client": a server component that knows the site's PLS price renders it on the server,
// so the browser hydrates two spans and formats nothing (issue 53: the first Intl formatter a page
// creates costs 100-170 ms of main thread on a phone's CPU). Client code uses Money, which reads
// the PLS price from the layout's context.
import { dollarTextInPls, usdToPls } from "@/lib/shared/display-unit";
import { formatFeaturedPrice, formatMarketCap, formatPrice } from "@/lib/shared/format";

/** The dollar formats a figure may take: a price, a market cap or amount ("$1.23B"), a featured card's price. */
const FORMATS = { price: formatPrice, cap: formatMarketCap, featured: formatFeaturedPrice } as const;
export type MoneyFormat = keyof typeof FORMATS;

export type MoneyProps = { usd: number | null | undefined; format?: MoneyFormat };

export function MoneyView({ usd, format = "price", plsUsd }: MoneyProps & { plsUsd: number | null }) {
  const formatted = FORMATS[format];
  const usdText = formatted(usd);
  const pls = usdToPls(usd, plsUsd);
  if (pls === null) return usdText;
  return (
    <span className="money">
      <span className="money-usd">{usdText}</span>
      <span className="money-pls">{dollarTextInPls(formatted(pls))}</span>
    </span>
  );
}
