// The API described once: an OpenAPI 3.1 document built from the declared endpoints (the
// features' lib/<feature>/endpoints.ts, merged by lib/api/contract.ts) and the error table
// (lib/api/error-codes.ts), served at GET /api/openapi.json and written to docs/api.md
// (`npm run docs:api`). Pure.
import { z } from "@/lib/shared/zod";
import { noContentSchema, type Endpoint } from "@/lib/contract/endpoint";
import { endpoints, type EndpointName } from "./contract";
import { spendsOpenQuota } from "./cors";
import { ERROR_STATUS } from "./error-codes";
import { RATE_LIMIT_BUCKETS, type RateLimitBucket } from "@/lib/security/rate-limit-buckets";

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const ACCESS: Record<Endpoint["access"], string> = {
  public: "Anyone.",
  site: "Anyone, from this site's own pages (same-origin writes).",
  user: "A signed-in wallet (Sign-In with Ethereum session cookie).",
  operator: "An operator's wallet (OPERATOR_ADDRESSES); writes need a signature from the last 15 minutes.",
  cron: "The cron secret: `Authorization: Bearer $CRON_SECRET`.",
  telegram: "Telegram's webhook secret: `X-Telegram-Bot-Api-Secret-Token: $TELEGRAM_WEBHOOK_SECRET`.",
};

/** A bucket's rules in words: "600 a minute and 50,000 a day". */
function quotaWords(bucket: RateLimitBucket): string {
  const per = (seconds: number) => (seconds === 60 ? "a minute" : seconds === 86_400 ? "a day" : `per ${seconds} s`);
  return RATE_LIMIT_BUCKETS[bucket].rules.map((rule) => `${rule.points.toLocaleString("en-US")} ${per(rule.durationSeconds)}`).join(" and ");
}

/** The API key's security scheme, in the document and on docs/api.md. */
const apiKeySchemeDescription = () =>
  `An API key from /developers: \`Authorization: Bearer pcmp_…\`. Optional on the open reads and the MCP server: without one, the anonymous quota per IP (${quotaWords("open-read")} unless the operator set another); with one, the key's own (${quotaWords("api-key")}). A key that is not live (mistyped, revoked) is a 401, never the anonymous answer.`;

const CACHE: Record<Endpoint["cache"], string> = {
  public: "Cached by any cache for a short while (public, s-maxage).",
  private: "Private, never stored (private, no-store).",
  none: "Never stored (no-store).",
};

/**
 * The order of the document's operations: the one the API's single contract file declared them
 * in until each feature declared its own (issue 52), kept so that the document and docs/api.md
 * did not change with the move. An endpoint not named here follows these, in the merged order.
 */
const DOCUMENT_ORDER: readonly EndpointName[] = [
  "coinList", "coin", "coinHistory", "coinIndex", "bagTokens", "pair", "featuredComparisons", "oembed",
  "mostCompared", "pulsechainGainers", "recentlyListed", "topGainers", "openApi", "mcp", "health", "healthLive", "login",
  "countComparison", "nonce", "csrf", "signIn", "signOut", "authUser",
  "watchlist", "watchlistAdd", "watchlistRemove", "savedComparisons", "saveComparison", "removeSavedComparison",
  "alerts", "createAlert", "updateAlert", "deleteAlert", "alertFirings", "testNotification",
  "pushSubscriptions", "addPushSubscription", "removePushSubscription", "vapidKey",
  "telegramWebhook", "telegramLink", "connectTelegram", "unlinkTelegram", "apiKeys", "createApiKey", "revokeApiKey",
  "orders", "createOrder", "submitPayment", "slotCalendar", "orderToken", "bagSnapshots", "saveBagSnapshot", "removeBagSnapshot",
  "adminCoins", "listingPreview", "listCoin", "updateCoin", "correctHigh", "renameCoin", "featuredSlots", "scheduleFeatured", "removeFeatured",
  "operatorOrders", "rejectOrder", "cancelOrder", "approveOrder", "recordRefund",
  "unmatchedTransfers", "unmatchedTransferHandled", "unmatchedDustHandled", "orderTaskDone",
  "cronRefresh", "cronOrders", "cronDeliver", "cronMaintenance",
];

function inDocumentOrder(): [string, Endpoint][] {
  const rank = (name: string) => {
    const index = DOCUMENT_ORDER.indexOf(name as EndpointName);
    return index === -1 ? DOCUMENT_ORDER.length : index;
  };
  return (Object.entries(endpoints) as [string, Endpoint][]).sort(([a], [b]) => rank(a) - rank(b));
}

/** A zod schema as JSON Schema: what a caller sends (input) or receives (output). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** `/api/watchlist/:coinId` as OpenAPI writes it: `/api/watchlist/{coinId}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9]+)/g, "{$1}");

/** The path or query parameters of an object schema, each with its own schema. */
function parameters(schema: z.ZodType | undefined, where: "path" | "query"): Operation[] {
  if (!schema) return [];
  const object = jsonSchema(schema, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function operation(name: string, endpoint: Endpoint): Operation {
  const noContent = endpoint.response === noContentSchema;
  const op: Operation = {
    operationId: name,
    summary: endpoint.summary,
    description: [
      `Access: ${ACCESS[endpoint.access]}`,
      endpoint.crossOrigin ? "Any origin: a page on another site may call it (`Access-Control-Allow-Origin: *`, without credentials)." : null,
      `Cache: ${CACHE[endpoint.cache]}`,
      endpoint.rateLimit ? `Rate limit: the \`${endpoint.rateLimit}\` budget (429 when spent).` : null,
      spendsOpenQuota(endpoint)
        ? "Quota: the open API's, per IP without a key or per API key; every answer says it in the IETF `RateLimit-Policy` and `RateLimit` fields, and a 429 adds `Retry-After`."
        : null,
    ]
      .filter(Boolean)
      .join("\n\n"),
    "x-access": endpoint.access,
    ...(endpoint.crossOrigin && { "x-cross-origin": true }),
    "x-cache": endpoint.cache,
    ...(endpoint.rateLimit && { "x-rate-limit": endpoint.rateLimit }),
    ...(spendsOpenQuota(endpoint) && { "x-quota": "open-api" }),
    parameters: [...parameters(endpoint.params, "path"), ...parameters(endpoint.query, "query")],
    ...(endpoint.body && {
      requestBody: {
        required: true,
        content: { [endpoint.bodyType === "form" ? "application/x-www-form-urlencoded" : "application/json"]: { schema: jsonSchema(endpoint.body, "input") } },
      },
    }),
    responses: {
      ...(noContent
        ? { "204": { description: "Done; no body." } }
        : { "2XX": { description: "Success.", content: { "application/json": { schema: jsonSchema(endpoint.response, "output") } } } }),
      "4XX": { $ref: "#/components/responses/ApiError" },
      "5XX": { $ref: "#/components/responses/ApiError" },
    },
  };
  // What spends the open API's quota takes an API key or none (lib/api/open-quota.server.ts): `{}` is "no credential".
  if (spendsOpenQuota(endpoint)) op.security = [{}, { apiKey: [] }];
  return op;
}

/** The whole document. Deterministic: the same contract gives the same JSON, byte for byte. */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [name, endpoint] of inDocumentOrder()) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(name, endpoint) };
  }
  const codes = Object.keys(ERROR_STATUS);
  return {
    openapi: "3.1.0",
    info: {
      title: "PulseCompare API",
      version: "1",
      description:
        "Compare coins by market cap on PulseChain. Every error answers `{ error: { code, message } }`; each code has one HTTP status (`x-error-status`).",
    },
    paths,
    components: {
      schemas: {
        ApiError: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: { code: { type: "string", enum: codes }, message: { type: "string" } },
            },
          },
        },
      },
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: apiKeySchemeDescription() },
      },
      responses: {
        ApiError: {
          description: "The request was refused (4xx: the caller's to fix) or failed (5xx); the code says which.",
          content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
        },
      },
    },
    "x-error-status": ERROR_STATUS,
  };
}

/** docs/api.md: the same document as a page to read. */
export function renderApiMarkdown(document: Record<string, unknown> = buildOpenApiDocument()): string {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const lines = [
    "# API",
    "",
    "Generated from `lib/api/contract.ts` by `npm run docs:api`; a test fails when it is out of date.",
    "The machine-readable form is `GET /api/openapi.json` (OpenAPI 3.1).",
    "",
    `Keys: ${apiKeySchemeDescription()} See [public-api.md](public-api.md#keys).`,
    "",
    "| Method | Path | What it does | Access | Cache | Rate limit |",
    "|---|---|---|---|---|---|",
  ];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      lines.push(`| ${method.toUpperCase()} | \`${path}\` | ${String(op.summary).replaceAll("|", "\\|")} | ${String(op["x-access"])}${op["x-cross-origin"] ? ", any origin" : ""} | ${String(op["x-cache"])} | ${op["x-rate-limit"] ? `\`${String(op["x-rate-limit"])}\`` : "-"} |`);
    }
  }
  lines.push("", "## Error codes", "", "Every error answers `{ \"error\": { \"code\", \"message\" } }`.", "", "| Code | Status |", "|---|---|");
  for (const [code, status] of Object.entries(document["x-error-status"] as Record<string, number>)) lines.push(`| \`${code}\` | ${status} |`);
  return `${lines.join("\n")}\n`;
}
