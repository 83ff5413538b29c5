// Every API endpoint, merged by name from the features' declarations (lib/<feature>/endpoints.ts,
// each written with lib/contract/endpoint.ts). The route files take theirs from this map; the
// OpenAPI document (./openapi.ts) and the access table's test read all of it. The browser never
// loads it: its client (./call-api.browser.ts) loads only the feature's file it calls.
import * as account from "@/lib/account/endpoints";
import * as alerts from "@/lib/alerts/endpoints";
import * as apiKeys from "@/lib/api-keys/endpoints";
import * as auth from "@/lib/auth/endpoints";
import * as bag from "@/lib/bag/endpoints";
import * as coins from "@/lib/coins/endpoints";
import * as compare from "@/lib/compare/endpoints";
import * as embed from "@/lib/embed/endpoints";
import * as history from "@/lib/history/endpoints";
import * as listings from "@/lib/listings/endpoints";
import * as market from "@/lib/market/endpoints";
import * as orders from "@/lib/orders/endpoints";
import * as telegram from "@/lib/telegram/endpoints";
import * as trending from "@/lib/trending/endpoints";
import type { Endpoint } from "@/lib/contract/endpoint";
import * as api from "./endpoints";

const features = [coins, history, bag, compare, embed, trending, api, market, auth, account, apiKeys, alerts, telegram, orders, listings];

export const endpoints = {
  ...coins,
  ...history,
  ...bag,
  ...compare,
  ...embed,
  ...trending,
  ...api,
  ...market,
  ...auth,
  ...account,
  ...apiKeys,
  ...alerts,
  ...telegram,
  ...orders,
  ...listings,
} satisfies Record<string, Endpoint>;

// A name two features declared would keep only the later one: refuse to start instead.
if (features.reduce((count, feature) => count + Object.keys(feature).length, 0) !== Object.keys(endpoints).length) {
  throw new Error("lib/api/contract.ts: two features declare an endpoint of the same name.");
}

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export type { Access, CachePolicy, Endpoint, Method } from "@/lib/contract/endpoint";
export type { BodyInputOf, BodyOf, ParamsInputOf, ParamsOf, QueryInputOf, QueryOf, ResponseOf } from "@/lib/contract/endpoint";
