// A local Telegram Bot API server, so tests run the real bot (grammY, through TELEGRAM_API_ROOT)
// and read what each chat would show. It answers as api.telegram.org does: POST (or GET)
// /bot<token>/<method> with JSON, form or query parameters; `{ ok: true, result }` on success and
// `{ ok: false, error_code, description, parameters? }` on failure: 401 for another token, 404 for
// an unknown method, 400 for a bad request (no chat, empty text, text over 4,096 characters, a
// malformed inline result), 403 for a chat that blocked the bot, 429 with `retry_after` when a test
// asks for it or when the configured send limits are exceeded. On demand it answers any status a
// test names (fail: 400, 403, 429, 5xx) or drops the connection unanswered (hangUp: a network
// error). Every call is recorded (a dropped one with status 0).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const TEST_BOT_TOKEN = "123456789:AAtest-bot-token-for-the-local-api-server";
export const TEST_BOT_USERNAME = "PulseCompareTestBot";
export const TEST_WEBHOOK_SECRET = "test-webhook-secret-0123456789";

/** One call the server received: the method, its parameters, when, and what it answered. */
export type ApiCall = { method: string; params: Record<string, unknown>; at: number; status: number; description?: string };

/** A message the bot sent (sendMessage, or editMessageText), as the chat shows it. */
export type SentMessage = { chatId: string; messageId: number; text: string; parseMode?: string; replyMarkup?: unknown; disableNotification?: boolean; at: number };

/** status 0: the connection is dropped without an answer. */
type Failure = { status: number; description: string; retryAfter?: number; times: number; chatId?: string };

export type TelegramApiServer = {
  /** For TELEGRAM_API_ROOT. */
  apiRoot: string;
  token: string;
  calls: ApiCall[];
  /** Successful sendMessage and editMessageText calls, in order. */
  messages: SentMessage[];
  /** Messages sent to one chat. */
  messagesTo(chatId: number | string): SentMessage[];
  /** Successful calls of one method. */
  callsOf(method: string): ApiCall[];
  /** The next `times` calls of `method` (to `chatId`, when given) fail with this status and description (and retry_after for 429). */
  fail(method: string, failure: { status: number; description: string; retryAfter?: number; times?: number; chatId?: number | string }): void;
  /** The next `times` calls of `method` (to `chatId`, when given) get no answer: the connection is closed (a network error). */
  hangUp(method: string, options?: { times?: number; chatId?: number | string }): void;
  /** From now on every send to this chat answers 403 "Forbidden: bot was blocked by the user". */
  block(chatId: number | string): void;
  /**
   * Telegram's send limits, enforced: more than `perSecond` sends in any second overall, or more
   * than `perChatPerSecond` to one chat, answers 429 with retry_after 1. Off unless set.
   */
  limits: { perSecond?: number; perChatPerSecond?: number };
  /** Every answer waits this long first (a slow Bot API). */
  delayMs: number;
  /** Forgets the recorded calls and messages (failures, blocks and limits stay). */
  reset(): void;
  close(): Promise<void>;
};

export async function startTelegramApi(options: { token?: string; username?: string } = {}): Promise<TelegramApiServer> {
  const token = options.token ?? TEST_BOT_TOKEN;
  const username = options.username ?? TEST_BOT_USERNAME;
  const botId = Number(token.split(":")[0]);
  const calls: ApiCall[] = [];
  const messages: SentMessage[] = [];
  const failures = new Map<string, Failure[]>();
  const blocked = new Set<string>();
  const recentSends: { at: number; chatId: string }[] = [];
  let nextMessageId = 1;

  const server: TelegramApiServer = {
    apiRoot: "",
    token,
    calls,
    messages,
    messagesTo: (chatId) => messages.filter((message) => message.chatId === String(chatId)),
    callsOf: (method) => calls.filter((call) => call.method === method && call.status === 200),
    fail(method, failure) {
      const list = failures.get(method) ?? [];
      list.push({ status: failure.status, description: failure.description, retryAfter: failure.retryAfter, times: failure.times ?? 1, chatId: failure.chatId === undefined ? undefined : String(failure.chatId) });
      failures.set(method, list);
    },
    hangUp(method, options = {}) {
      server.fail(method, { status: 0, description: "connection closed", times: options.times, chatId: options.chatId });
    },
    block: (chatId) => void blocked.add(String(chatId)),
    limits: {},
    delayMs: 0,
    reset() {
      calls.length = 0;
      messages.length = 0;
      recentSends.length = 0;
    },
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };

  type Answer = { status: number; body: Record<string, unknown> };
  const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } });
  const error = (status: number, description: string, parameters?: Record<string, unknown>): Answer => ({
    status,
    body: { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) },
  });

  function plannedFailure(method: string, chatId: string | undefined): Answer | null {
    const list = failures.get(method);
    const index = list?.findIndex((failure) => failure.chatId === undefined || failure.chatId === chatId) ?? -1;
    if (!list || index < 0) return null;
    const failure = list[index]!;
    if (--failure.times <= 0) list.splice(index, 1);
    return error(failure.status, failure.description, failure.retryAfter === undefined ? undefined : { retry_after: failure.retryAfter });
  }

  function overLimit(chatId: string, now: number): Answer | null {
    const { perSecond, perChatPerSecond } = server.limits;
    if (perSecond === undefined && perChatPerSecond === undefined) return null;
    while (recentSends.length && recentSends[0]!.at <= now - 1000) recentSends.shift();
    if (perSecond !== undefined && recentSends.length >= perSecond) return error(429, "Too Many Requests: retry after 1", { retry_after: 1 });
    if (perChatPerSecond !== undefined && recentSends.filter((send) => send.chatId === chatId).length >= perChatPerSecond) {
      return error(429, "Too Many Requests: retry after 1", { retry_after: 1 });
    }
    recentSends.push({ at: now, chatId });
    return null;
  }

  const me = { id: botId, is_bot: true, first_name: "PulseCompare", username, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: true };

  function answer(method: string, params: Record<string, unknown>): Answer {
    const chatId = params.chat_id === undefined ? undefined : String(params.chat_id);
    const planned = plannedFailure(method, chatId);
    if (planned) return planned;
    switch (method) {
      case "getMe":
        return ok(me);
      case "logOut":
      case "close":
      case "deleteWebhook":
      case "setMyCommands":
      case "deleteMyCommands":
      case "setChatMenuButton":
        return ok(true);
      case "setWebhook":
        if (typeof params.url !== "string") return error(400, "Bad Request: bad webhook: URL must be provided");
        if (params.url && !/^https:\/\//.test(params.url)) return error(400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook");
        if (params.secret_token !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(String(params.secret_token))) return error(400, "Bad Request: secret token contains unallowed characters");
        return ok(true);
      case "getWebhookInfo": {
        const last = [...calls].reverse().find((call) => call.method === "setWebhook" && call.status === 200);
        return ok({ url: (last?.params.url as string) ?? "", has_custom_certificate: false, pending_update_count: 0 });
      }
      case "getMyCommands": {
        const last = [...calls].reverse().find((call) => call.method === "setMyCommands" && call.status === 200);
        return ok(last?.params.commands ?? []);
      }
      case "sendMessage":
      case "editMessageText": {
        if (chatId === undefined || chatId === "") return error(400, "Bad Request: chat_id is empty");
        const text = typeof params.text === "string" ? params.text : "";
        if (!text.trim()) return error(400, "Bad Request: message text is empty");
        if (text.length > 4096) return error(400, "Bad Request: message is too long");
        if (params.parse_mode !== undefined && !["HTML", "MarkdownV2", "Markdown"].includes(String(params.parse_mode))) return error(400, "Bad Request: unsupported parse_mode");
        if (params.parse_mode === "HTML" && !balancedHtml(text)) return error(400, "Bad Request: can't parse entities: unclosed or unsupported tag");
        if (blocked.has(chatId)) return error(403, "Forbidden: bot was blocked by the user");
        const limited = method === "sendMessage" ? overLimit(chatId, Date.now()) : null;
        if (limited) return limited;
        const messageId = method === "editMessageText" ? Number(params.message_id) : nextMessageId++;
        const message: SentMessage = {
          chatId,
          messageId,
          text,
          parseMode: params.parse_mode as string | undefined,
          replyMarkup: params.reply_markup,
          disableNotification: params.disable_notification as boolean | undefined,
          at: Date.now(),
        };
        messages.push(message);
        return ok({ message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: Number(chatId) < 0 ? "group" : "private" }, text });
      }
      case "answerInlineQuery": {
        if (typeof params.inline_query_id !== "string" || !params.inline_query_id) return error(400, "Bad Request: query is too old and response timeout expired or query ID is invalid");
        const results = params.results;
        if (!Array.isArray(results)) return error(400, "Bad Request: field \"results\" must be an Array");
        if (results.length > 50) return error(400, "Bad Request: too many inline query results specified");
        const ids = new Set<string>();
        for (const result of results as Record<string, unknown>[]) {
          if (typeof result.id !== "string" || !result.id || result.id.length > 64 || ids.has(result.id)) return error(400, "Bad Request: RESULT_ID_INVALID");
          ids.add(result.id);
          const content = result.input_message_content as { message_text?: string } | undefined;
          if (result.type === "article" && (!result.title || !content?.message_text)) return error(400, "Bad Request: MESSAGE_EMPTY");
        }
        return ok(true);
      }
      case "answerCallbackQuery":
        if (typeof params.callback_query_id !== "string" || !params.callback_query_id) return error(400, "Bad Request: query is too old and response timeout expired or query ID is invalid");
        return ok(true);
      default:
        return error(404, "Not Found");
    }
  }

  async function readParams(request: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const type = request.headers["content-type"] ?? "";
    if (!raw) return params;
    if (type.includes("application/json")) return { ...params, ...(JSON.parse(raw) as Record<string, unknown>) };
    if (type.includes("application/x-www-form-urlencoded")) {
      for (const [key, value] of new URLSearchParams(raw)) params[key] = parseFormValue(value);
      return params;
    }
    throw new Error(`unsupported content type ${type}`);
  }

  const http = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      let params: Record<string, unknown> = {};
      let result: Answer;
      try {
        params = await readParams(request, url);
        if (!match) result = error(404, "Not Found");
        else if (match[1] !== token) result = error(401, "Unauthorized");
        else result = answer(match[2]!, params);
      } catch {
        result = error(400, "Bad Request: can't parse request");
      }
      if (server.delayMs) await new Promise((resolve) => setTimeout(resolve, server.delayMs));
      const method = match?.[2] ?? url.pathname;
      calls.push({ method, params, at: Date.now(), status: result.status, description: result.body.ok ? undefined : (result.body.description as string) });
      if (result.status === 0) return void request.socket.destroy();
      response.writeHead(result.status, { "content-type": "application/json" });
      response.end(JSON.stringify(result.body));
    })();
  });
  // Idle connections stay open longer than any client keeps them (undici: 4 s), as Telegram's do:
  // with Node's 5 s default a client may reuse a socket the server is closing (ECONNRESET).
  http.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", () => resolve()));
  server.apiRoot = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return server;
}

/** A form value as Telegram reads it: JSON for objects, arrays, numbers and booleans, else the string. */
function parseFormValue(value: string): unknown {
  if (/^[[{]/.test(value) || /^(true|false|-?\d+(\.\d+)?)$/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** Telegram's HTML parse mode accepts only its few tags, each closed, and escaped < > & elsewhere. */
function balancedHtml(text: string): boolean {
  const allowed = new Set(["b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre", "tg-spoiler", "span", "blockquote"]);
  const stack: string[] = [];
  for (const match of text.matchAll(/<(\/?)([a-z-]+)[^>]*>|<|&(?!(lt|gt|amp|quot|#\d+);)/g)) {
    if (!match[2]) return false;
    const [, closing, tag] = match;
    if (!allowed.has(tag)) return false;
    if (closing) {
      if (stack.pop() !== tag) return false;
    } else stack.push(tag);
  }
  return stack.length === 0;
}

/** An update as Telegram POSTs it to the webhook: a text message from a user in a chat. */
export function messageUpdate(updateId: number, text: string, chat: { id: number; type?: "private" | "group" | "supergroup"; title?: string }, from: { id: number; firstName?: string } = { id: chat.id }) {
  const type = chat.type ?? (chat.id < 0 ? "supergroup" : "private");
  const entities = text.startsWith("/") ? [{ type: "bot_command", offset: 0, length: text.split(/\s/)[0]!.length }] : undefined;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: type === "private" ? { id: chat.id, type, first_name: from.firstName ?? "Holder" } : { id: chat.id, type, title: chat.title ?? "PulseChain Talk" },
      from: { id: from.id, is_bot: false, first_name: from.firstName ?? "Holder" },
      text,
      ...(entities ? { entities } : {}),
    },
  };
}

/** An inline query as Telegram sends it when someone types "@bot <query>" in a chat. */
export function inlineQueryUpdate(updateId: number, query: string, from: { id: number } = { id: 5001 }) {
  return { update_id: updateId, inline_query: { id: `iq-${updateId}`, from: { id: from.id, is_bot: false, first_name: "Holder" }, query, offset: "" } };
}

/** A press of an inline keyboard button carrying `data`, under a message the bot sent to `chat`. */
export function callbackQueryUpdate(updateId: number, data: string, chat: { id: number; type?: "private" | "group" | "supergroup" }, messageId = 1, from: { id: number } = { id: chat.id }) {
  const type = chat.type ?? (chat.id < 0 ? "supergroup" : "private");
  return {
    update_id: updateId,
    callback_query: {
      id: `cb-${updateId}`,
      from: { id: from.id, is_bot: false, first_name: "Holder" },
      chat_instance: `ci-${chat.id}`,
      data,
      message: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chat.id, type, ...(type === "private" ? { first_name: "Holder" } : { title: "PulseChain Talk" }) }, text: "…" },
    },
  };
}
