// GeckoTerminal's daily candles of a PulseChain token through its main pool (public API, no key,
// 30 calls a minute):
// - GET {base}/networks/pulsechain/tokens/{token}/pools -> { data: [{ id, attributes: { address,
//   reserve_in_usd, ... } }] }: the token's pools, the deepest taken when the site's own pool cache
//   does not name a single one;
// - GET {base}/networks/pulsechain/pools/{pool}/ohlcv/day?limit=1000&currency=usd&token={token}
//   &before_timestamp=... -> { data: { attributes: { ohlcv_list: [[unix s, o, h, l, c, v], ...] } },
//   meta: { base, quote } }, newest first, days without trades left out. One answer covers at most
//   about 6 months on some plans, so older days are asked page by page with before_timestamp.
import "server-only";
import { z } from "zod";
import { createPacer, fetchSourceJson, SourceError } from "../http.server";
import { DAY_MS } from "../../shared/utc-day";
import { daysFromOhlcv, type DayPoint } from "./day-points";
import { HISTORY_RETRY, type HistoryHttpOptions } from "./history-http";
import { deepestPool } from "./history-source";

export const GECKOTERMINAL_NETWORK = "pulsechain";
/** Most candles one answer gives. */
export const OHLCV_LIMIT = 1_000;
/** The span one answer may be cut to (the documented 6 months, less a day of slack). */
const PAGE_SPAN_MS = 179 * DAY_MS;

// One pace for the process, apart from CoinGecko's: the two count calls separately.
export const geckoTerminalPace = createPacer(30);

const decimal = z.union([z.number(), z.string().trim().min(1)]).transform(Number);
const poolsSchema = z.object({
  data: z.array(z.object({ attributes: z.object({ address: z.string(), reserve_in_usd: decimal.nullish() }) })),
});
const tokenRef = z.object({ address: z.string() }).partial().passthrough();
const ohlcvSchema = z.object({
  data: z.object({ attributes: z.object({ ohlcv_list: z.array(z.array(z.number()).min(5)) }) }),
  meta: z.object({ base: tokenRef.optional(), quote: tokenRef.optional() }).partial().optional(),
});

export function createGeckoTerminalHistory(options: HistoryHttpOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const http = { pace: options.pace ?? geckoTerminalPace, policy: options.policy ?? HISTORY_RETRY, sleep: options.sleep };
  const network = `${baseUrl}/networks/${GECKOTERMINAL_NETWORK}`;

  return {
    /** The token's deepest pool on GeckoTerminal (null: it lists none). */
    async mainPool(token: string): Promise<string | null> {
      const body = await fetchSourceJson(`${network}/tokens/${token}/pools`, poolsSchema, http);
      return deepestPool(body.data.map((pool) => ({ address: pool.attributes.address, reserveUsd: pool.attributes.reserve_in_usd ?? null })));
    },

    /** The token's USD closes in `pool`, from `since` up to (not including) `before`. */
    async dailyHistory(pool: string, token: string, window: { since: Date; before: Date | null }): Promise<DayPoint[]> {
      const candles: number[][] = [];
      let before = window.before ? Math.floor(window.before.getTime() / 1000) : null;
      // A page reaching back its full span may have been cut there: ask for the one before it.
      const maxPages = Math.ceil((Date.now() - window.since.getTime()) / PAGE_SPAN_MS) + 1;
      for (let page = 0; page < maxPages; page++) {
        const query = new URLSearchParams({ limit: String(OHLCV_LIMIT), currency: "usd", token });
        if (before !== null) query.set("before_timestamp", String(before));
        const body = await fetchSourceJson(`${network}/pools/${pool}/ohlcv/day?${query}`, ohlcvSchema, http);
        const sides = [body.meta?.base?.address, body.meta?.quote?.address].filter((address): address is string => typeof address === "string");
        if (sides.length > 0 && !sides.some((address) => address.toLowerCase() === token)) {
          throw new SourceError("bad_shape", `pool ${pool} does not trade ${token}`);
        }
        const list = body.data.attributes.ohlcv_list;
        candles.push(...list);
        const oldest = Math.min(...list.map((candle) => candle[0]!));
        const reachedSince = oldest * 1000 <= window.since.getTime();
        const pageEnd = before ?? Math.floor(Date.now() / 1000);
        const fullPage = list.length >= OHLCV_LIMIT || (pageEnd - oldest) * 1000 >= PAGE_SPAN_MS;
        if (list.length === 0 || reachedSince || !fullPage || (before !== null && oldest >= before)) break;
        before = oldest;
      }
      return daysFromOhlcv(candles);
    },
  };
}
