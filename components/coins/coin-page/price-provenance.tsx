import { Card } from "@/components/ui/card";
import { SupplyBases } from "./supply-bases";
import { PROVENANCE_ANCHOR } from "@/lib/coins/coin-path";
import { ageOf, averagePhrase, depthSentence, priceCaveat, reservesPhrase, sourceCheckPhrase, supplyReadingPhrase } from "@/lib/coins/provenance-copy";
import { staleMinutes, type PriceContext } from "@/lib/shared/freshness";
import { EXPLORER_NAME, explorerAddressUrl, explorerBlockUrl } from "@/lib/chain/explorer";
import type { PriceAccount } from "@/lib/coins/queries.server";
import type { Coin } from "@/lib/coins/schemas";
import type { Provenance } from "@/lib/coins/provenance-schema";

/**
 * 'Where this price comes from': the pool, reserves and block of an on-chain price (linked on the
 * explorer), or the DexScreener pair or CoinGecko id, and why the price shown may be an older one
 * (a token whose contract keeps failing is quarantined: that says it, in place of "stale").
 */
export function PriceProvenance({
  coin,
  account,
  priceContext,
  plsUsd,
}: {
  coin: Coin;
  account: PriceAccount;
  priceContext: PriceContext;
  /** The layout's PLS price, for the market cap on each supply basis. */
  plsUsd: number | null;
}) {
  const { provenance, heldBack, sourceCheck, supplyNote, contractFailing, depth, supplyBases } = account;
  const caveat = priceCaveat(coin, priceContext.minLiquidityUsd, contractFailing ? null : staleMinutes(coin, priceContext), heldBack);
  const checked = sourceCheckPhrase(sourceCheck, priceContext.now);
  const average = provenance ? averagePhrase(provenance) : null;
  const supplyReading = provenance ? supplyReadingPhrase(provenance, priceContext.now) : null;
  return (
    <Card className="p-5" id={PROVENANCE_ANCHOR} data-testid="price-provenance" role="region" aria-labelledby={`${PROVENANCE_ANCHOR}-title`}>
      <h2 id={`${PROVENANCE_ANCHOR}-title`} className="text-lg font-semibold">
        Where this price comes from
      </h2>
      <p className="mt-2 text-sm leading-relaxed">{provenance ? <Origin coin={coin} provenance={provenance} now={priceContext.now} /> : noRecord(coin)}</p>
      <Note testId="price-average">{average}</Note>
      <Note testId="pool-depth">{depth ? `${depthSentence(depth)} At today's reserves: no liquidity added or taken out, no other venue.` : null}</Note>
      <Note testId="supply-reading">{supplyReading}</Note>
      {contractFailing ? (
        <p className="mt-2 text-sm font-medium text-destructive" data-testid="contract-failing">
          This token&apos;s contract is failing, the price is from {ageOf(coin.priceUpdatedAt, priceContext.now)}. Its source is asked again once an hour.
        </p>
      ) : null}
      {checked ? (
        <p className={sourceCheck?.agrees ? "mt-2 text-sm text-muted-foreground" : "mt-2 text-sm font-medium text-destructive"} data-testid="source-check">
          {checked}
        </p>
      ) : null}
      {caveat ? <p className="mt-2 text-sm text-muted-foreground">{caveat}</p> : null}
      <Note testId="supply-note">{supplyNote ? `About the supply: ${supplyNote}` : null}</Note>
      <SupplyBases symbol={coin.symbol} figures={supplyBases} plsUsd={plsUsd} />
    </Card>
  );
}

/** One more line about the price, when there is something to say. */
function Note({ testId, children }: { testId: string; children: string | null }) {
  if (!children) return null;
  return (
    <p className="mt-2 text-sm text-muted-foreground" data-testid={testId}>
      {children}
    </p>
  );
}

function Origin({ coin, provenance, now }: { coin: Coin; provenance: Provenance; now: number }) {
  switch (provenance.source) {
    case "pulsex": {
      const when = provenance.blockTime ? ` (${ageOf(provenance.blockTime, now)})` : "";
      const block = (
        <>
          at block <ExplorerLink href={explorerBlockUrl(provenance.block)}>{provenance.block.toLocaleString("en-US")}</ExplorerLink>
          {when}
        </>
      );
      if (provenance.pool === null) {
        return (
          <>
            From PulseX&apos;s stablecoin pools {block}: {reservesPhrase(provenance, coin.symbol)}.
          </>
        );
      }
      return (
        <>
          From the{" "}
          <ExplorerLink href={explorerAddressUrl(provenance.pool)}>
            {coin.symbol}/{provenance.baseSymbol} pool
          </ExplorerLink>{" "}
          on {provenance.factoryName ?? "PulseX"} {block}: {reservesPhrase(provenance, coin.symbol)}.
        </>
      );
    }
    case "dexscreener":
      return (
        <>
          From DexScreener&apos;s deepest PulseChain pair
          {provenance.pair ? (
            <>
              {" "}
              (<ExplorerLink href={explorerAddressUrl(provenance.pair)}>{provenance.dexId ? `${provenance.dexId} pool` : "the pool"}</ExplorerLink>)
            </>
          ) : null}
          , asked {ageOf(provenance.at, now)}.
        </>
      );
    case "coingecko":
      return (
        <>
          From CoinGecko (&ldquo;{provenance.id}&rdquo;), priced {ageOf(provenance.at, now)}.
        </>
      );
  }
}

function noRecord(coin: Coin): string {
  if (coin.priceSource === "snapshot") return "From the site's starting snapshot: no source has priced it since.";
  return `From ${coin.priceSource}; this price was published before the site kept where prices come from.`;
}

function ExplorerLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline" title={`On ${EXPLORER_NAME}`}>
      {children}
    </a>
  );
}
