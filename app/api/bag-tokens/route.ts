import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route";
import { versionedJsonBody } from "@/lib/api/responses";
import { getCoinSnapshot } from "@/lib/coins/snapshot";

export const dynamic = "force-dynamic";

/**
 * The bag page's token list: `{ version, tokens: [[id, symbol, name, logoUrl, address, decimals,
 * price, marketCap, athMarketCap], ...] }`, every listed PulseChain coin by rank. The same body for
 * every visitor, asked before a wallet is read: nothing about a wallet ever reaches this route.
 * `?v=` as for the coin index: the current version is cached for good, an older page's briefly.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(endpoints.bagTokens, async ({ query }) => {
    const { bagTokensBody, bagTokensVersion } = await getCoinSnapshot();
    return versionedJsonBody(bagTokensBody, bagTokensVersion, query.v);
  }),
});
