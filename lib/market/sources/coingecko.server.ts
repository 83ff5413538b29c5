// CoinGecko: live prices of coins listed there by API id (bitcoin, ethereum, ...), with an
// optional Demo API key. GET {base}/simple/price?ids=a,b&vs_currencies=usd&include_market_cap=true
// &include_24hr_change=true answers { "<id>": { usd, usd_market_cap, usd_24h_change }, ... };
// ids it doesn't know are simply absent.
import "server-only";
import { z } from "zod";
import { createPacer, DEFAULT_RETRY, fetchSourceJson, SourceError, type RetryPolicy } from "../http.server";
import { batchFailure, quoteInBatches, type BatchAnswer } from "../batched-quotes";
import type { FetchOptions, PriceSource, Quote, QuoteRequest, SourceResult } from "../types";

/** The public / Demo API root (a Demo key only works here, a Pro key needs pro-api.coingecko.com). */
export const COINGECKO_BASE_URL = "https://api.coingecko.com/api/v3";
/** Ids per call (keeps the URL well under common length limits). */
export const COINGECKO_BATCH_SIZE = 100;

// ~30 calls/min for the public and Demo plans (keyless limits are per IP, Demo ones per key);
// one pace for the whole process, shared by every instance, is the conservative reading.
export const sharedPace = createPacer(30);

// The body must be an object; each coin's entry is checked on its own so one odd entry fails
// that coin only.
const answerSchema = z.record(z.string(), z.unknown());
const entrySchema = z.object({
  usd: z.number(),
  usd_market_cap: z.number().nullish(),
  usd_24h_change: z.number().nullish(),
  /** Unix seconds: CoinGecko's own time for the price. */
  last_updated_at: z.number().nullish(),
});

export type CoinGeckoOptions = {
  /** CoinGecko Demo API key, sent as `x-cg-demo-api-key`. */
  apiKey?: string;
  policy?: RetryPolicy;
  baseUrl?: string;
  /** Replaces the process-wide 30/min pace (tests). */
  pace?: () => Promise<void>;
};

function reasonOf(error: unknown): string {
  return `coingecko: ${error instanceof SourceError ? error.message : String(error)}`;
}

/** CoinGecko's error bodies: { error: "..." } or { status: { error_code, error_message } }. */
function errorMessageOf(body: Record<string, unknown>): string | null {
  if (typeof body.error === "string") return body.error;
  const status = body.status;
  if (status && typeof status === "object" && "error_message" in status && typeof status.error_message === "string") return status.error_message;
  return null;
}

function quoteFor(id: string, body: Record<string, unknown>, askedAt: Date): Quote | string {
  const raw = Object.hasOwn(body, id) ? body[id] : undefined;
  if (raw === undefined) return `coingecko: no price for ${id}`;
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) return `coingecko: unexpected answer for ${id}: ${parsed.error.issues[0]?.message ?? "invalid"}`;
  const { usd, usd_market_cap, usd_24h_change, last_updated_at } = parsed.data;
  if (!Number.isFinite(usd) || usd <= 0) return `coingecko: no usable USD price for ${id} (usd ${usd})`;
  return {
    price: usd,
    marketCap: usd_market_cap != null && Number.isFinite(usd_market_cap) && usd_market_cap > 0 ? usd_market_cap : null,
    change24h: usd_24h_change ?? null,
    liquidityUsd: null,
    provenance: { source: "coingecko", id, at: sourceTime(last_updated_at, askedAt).toISOString() },
  };
}

/** CoinGecko's time for a price (Unix seconds), when it is a real one; else when the site asked. */
function sourceTime(seconds: number | null | undefined, askedAt: Date): Date {
  const at = seconds ? new Date(seconds * 1000) : null;
  return at && Number.isFinite(at.getTime()) ? at : askedAt;
}

export function createCoinGeckoSource(options: CoinGeckoOptions = {}): PriceSource {
  const baseUrl = (options.baseUrl ?? COINGECKO_BASE_URL).replace(/\/+$/, "");
  const policy = options.policy ?? DEFAULT_RETRY;
  const pace = options.pace ?? sharedPace;
  const apiKey = options.apiKey?.trim();
  const headers: Record<string, string> = apiKey ? { "x-cg-demo-api-key": apiKey } : {};

  /** Quotes (or failure reasons) per id of one batch. */
  async function fetchBatch(ids: readonly string[]): Promise<Map<string, BatchAnswer>> {
    const out = new Map<string, BatchAnswer>();
    try {
      const query = new URLSearchParams({
        vs_currencies: "usd",
        include_market_cap: "true",
        include_24hr_change: "true",
        include_last_updated_at: "true",
      });
      // Commas between ids stay literal; each id is encoded on its own.
      const url = `${baseUrl}/simple/price?ids=${ids.map(encodeURIComponent).join(",")}&${query}`;
      const askedAt = new Date();
      const body = await fetchSourceJson(url, answerSchema, { headers, pace, policy });
      const error = ids.some((id) => Object.hasOwn(body, id)) ? null : errorMessageOf(body);
      for (const id of ids) out.set(id, error !== null ? `coingecko: ${error}` : quoteFor(id, body, askedAt));
    } catch (error) {
      const failure = batchFailure(reasonOf(error), error);
      for (const id of ids) out.set(id, failure);
    }
    return out;
  }

  return {
    name: "coingecko",
    fetchQuotes(requests: readonly QuoteRequest[], fetchOptions: FetchOptions = {}): Promise<SourceResult> {
      return quoteInBatches(requests, {
        source: "coingecko",
        batchSize: COINGECKO_BATCH_SIZE,
        // CoinGecko ids are lower-case slugs.
        keyOf: (quoteId) => {
          const id = quoteId.trim().toLowerCase();
          return id === "" ? { invalid: "empty CoinGecko id" } : { key: id };
        },
        fetchBatch,
        deadline: fetchOptions.deadline,
      });
    },
  };
}
