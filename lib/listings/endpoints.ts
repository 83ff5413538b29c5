// The operators' listings (the admin page and its API): the coins, a listing's preview, listing,
// editing, a high's correction and renaming. Each declaration is the one the server's wrapper
// enforces, the OpenAPI document describes and the browser's client calls (lib/contract/endpoint.ts
// says how).
import { coinIdSchema } from "@/lib/coins/schemas";
import { endpoint, noQuerySchema, oneRow } from "@/lib/contract/endpoint";
import { renameCoinBodySchema } from "./coin-rename-schema";
import {
  adminCoinListSchema,
  adminCoinSchema,
  correctHighBodySchema,
  listCoinBodySchema,
  listingPreviewQuerySchema,
  listingPreviewSchema,
  updateCoinBodySchema,
} from "./schemas";

export const adminCoins = endpoint({
  method: "GET",
  summary: "Every coin with the operator's fields.",
  path: "/api/admin/coins",
  access: "operator",
  cache: "private",
  query: noQuerySchema,
  response: adminCoinListSchema,
});

// A read (any live operator session), though the page asks for it with a button.
export const listingPreview = endpoint({
  method: "GET",
  summary: "The listing a token would get (cleaned name and symbol, first price); nothing is written.",
  path: "/api/admin/coins/preview",
  access: "operator",
  cache: "private",
  query: listingPreviewQuerySchema,
  response: listingPreviewSchema,
});

export const listCoin = endpoint({
  method: "POST",
  summary: "Lists a PulseChain token by its contract address.",
  path: "/api/admin/coins",
  access: "operator",
  cache: "private",
  body: listCoinBodySchema,
  rateLimit: "admin-write",
  response: adminCoinSchema,
});

export const updateCoin = endpoint({
  method: "PATCH",
  summary: "Edits a coin's listing.",
  path: "/api/admin/coins/:id",
  access: "operator",
  cache: "private",
  ...oneRow(coinIdSchema, "No coin with id"),
  body: updateCoinBodySchema,
  rateLimit: "admin-write",
  response: adminCoinSchema,
});

export const correctHigh = endpoint({
  method: "POST",
  summary: "Corrects a coin's all-time high.",
  path: "/api/admin/coins/:id/high",
  access: "operator",
  cache: "private",
  ...oneRow(coinIdSchema, "No coin with id"),
  body: correctHighBodySchema,
  rateLimit: "admin-write",
  response: adminCoinSchema,
});

// Issue 30: a PulseChain copy reads its Ethereum original's name ("WETH" for pWETH).
export const renameCoin = endpoint({
  method: "POST",
  summary: "Sets a coin's display name and/or symbol in place of what its contract reads.",
  path: "/api/admin/coins/:id/rename",
  access: "operator",
  cache: "private",
  ...oneRow(coinIdSchema, "No coin with id"),
  body: renameCoinBodySchema,
  rateLimit: "admin-write",
  response: adminCoinSchema,
});
