// What the site read from the token: the figures a listing would start with, the text it would
// show (and the contract's own where cleaning changed it, escaped), or, for a token listed
// already, why only a slot can be ordered.
import Link from "next/link";
import { formatMarketCap, formatPrice, formatTokenAmount } from "@/lib/shared/format";
import { escapeHiddenCharacters } from "@/lib/market/onchain/token-text";
import type { ListedOrderToken, NewOrderToken, OrderToken } from "@/lib/orders/order-token-schema";

export function TokenPreview({ token }: { token: OrderToken }) {
  return token.kind === "new" ? <NewToken token={token} /> : <ListedToken token={token} />;
}

function NewToken({ token }: { token: NewOrderToken }) {
  const rows: [string, string][] = [
    ["Name", token.name],
    ["Symbol", token.symbol],
    ["Decimals", String(token.decimals)],
    ["Circulating supply", formatTokenAmount(token.circulatingSupply)],
    ["Price", formatPrice(token.currentPrice)],
    ["Market cap", formatMarketCap(token.marketCap)],
    ["Best pool's liquidity", token.liquidityUsd === null ? "-" : formatMarketCap(token.liquidityUsd)],
  ];
  const changed = (["name", "symbol"] as const).filter((field) => token.raw[field] !== null);
  return (
    <div data-testid="token-preview" className="flex flex-col gap-3 rounded-lg border p-4">
      <p className="text-sm text-muted-foreground">This is what the site read from the contract and its best PulseX pool. A listing starts with these figures.</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {changed.length > 0 ? (
        <div data-testid="cleaned-text" className="flex flex-col gap-1.5 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm">
          <p>The site shows the contract&apos;s text without its hidden or control characters. What the contract returns, with those written out:</p>
          {changed.map((field) => (
            <p key={field}>
              <span className="text-muted-foreground">{field === "name" ? "Name" : "Symbol"}: </span>
              <span className="font-mono text-xs break-all">{escapeHiddenCharacters(token.raw[field]!)}</span>
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function ListedToken({ token }: { token: ListedOrderToken }) {
  return (
    <div data-testid="token-listed" className="flex flex-col gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm wrap-anywhere">
      <p role="alert" className="font-medium">
        {token.planRefusal}
      </p>
      <p>
        A listing plan is for tokens not listed yet. You can still book a Homepage Compare slot for {token.name} ({token.symbol}), whose page is{" "}
        <Link href={`/coins/${token.coinId}`} className="text-primary underline-offset-4 hover:underline">
          /coins/{token.coinId}
        </Link>
        .
      </p>
    </div>
  );
}
