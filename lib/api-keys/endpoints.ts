// A wallet's keys to the open API (issue 55): list, create (the key shown once), revoke. Each
// declaration is the one the server's wrapper enforces, the OpenAPI document describes and the
// browser's client calls (lib/contract/endpoint.ts says how).
import { endpoint, noContentSchema, noQuerySchema, oneRow } from "@/lib/contract/endpoint";
import { API_KEY_LIMIT, apiKeyIdSchema, apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from "./schemas";

export const apiKeys = endpoint({
  method: "GET",
  summary: "The wallet's live API keys, oldest first, each with its use of its quota in the last day (never the key itself).",
  path: "/api/api-keys",
  access: "user",
  cache: "private",
  query: noQuerySchema,
  response: apiKeyListSchema,
});

export const createApiKey = endpoint({
  method: "POST",
  summary: `Creates an API key (201); the answer is the only time the key itself is ever sent. At most ${API_KEY_LIMIT} live keys per wallet (409 beyond).`,
  path: "/api/api-keys",
  access: "user",
  cache: "private",
  body: createApiKeyBodySchema,
  rateLimit: "account-write",
  response: createdApiKeySchema,
});

export const revokeApiKey = endpoint({
  method: "DELETE",
  summary: "Revokes one of the wallet's API keys: from then on it is refused (401).",
  path: "/api/api-keys/:id",
  access: "user",
  cache: "private",
  // Someone else's key, or one already revoked, is "not found" too.
  ...oneRow(apiKeyIdSchema, "You have no API key with id"),
  rateLimit: "account-write",
  response: noContentSchema,
});
