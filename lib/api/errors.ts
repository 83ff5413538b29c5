// One error shape for every API response that is not a success:
//   { "error": { "code": "not_found", "message": "No coin with id \"abc\"." } }
// Route handlers throw ApiError, the domain throws DomainError (lib/errors/domain-error.ts; mapped
// by lib/api/domain-errors.ts), zod throws its own; withErrorHandling turns each into JSON.
import { NextResponse } from "next/server";
import { z } from "zod";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { DomainError } from "@/lib/errors/domain-error";
import { apiErrorOf } from "./domain-errors";
import { statusOf, type ApiErrorCode } from "./error-codes";
import { describeZodIssues as describeZodError } from "./zod-message";

export { describeZodError };

export type { ApiErrorCode } from "./error-codes";

/** What the caller (or we) got wrong: its status comes from the code (lib/api/error-codes.ts). */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = statusOf(code);
  }
}

export function errorResponse(code: ApiErrorCode, message: string, headers?: Record<string, string>) {
  return NextResponse.json({ error: { code, message } }, { status: statusOf(code), headers: { "Cache-Control": "no-store", ...headers } });
}

/** A domain error as the API answers it (lib/api/domain-errors.ts), with any headers of the route's own. */
export function domainErrorResponse(error: DomainError, headers?: Record<string, string>) {
  const answer = apiErrorOf(error);
  return errorResponse(answer.code, error.message, { ...answer.headers, ...headers });
}

type Handler<Ctx> = (request: Request, context: Ctx) => Promise<Response>;

/** What the API answers for an error: its code, its message and the headers it calls for. */
export type ErrorAnswer = { code: ApiErrorCode; message: string; headers?: Record<string, string> };

/**
 * Any error thrown while answering, as the API answers it; `where` ("GET /api/pairs/hex/btc") goes
 * in the server's log for the database's outages and for anything unexpected, which leaks nothing.
 * The MCP server's tool errors (lib/mcp) say the same messages.
 */
export function errorAnswerOf(error: unknown, where: string): ErrorAnswer {
  if (error instanceof ApiError) return { code: error.code, message: error.message, headers: error.headers };
  if (error instanceof DomainError) {
    const { code, headers } = apiErrorOf(error);
    return { code, message: error.message, headers };
  }
  if (error instanceof z.ZodError) return { code: "bad_request", message: describeZodError(error) };
  if (isDatabaseUnavailable(error)) {
    console.error(`[api] ${where}: ${(error as Error).message}`);
    return { code: "database_unavailable", message: "The database is not answering right now. Please try again shortly.", headers: { "Retry-After": "5" } };
  }
  console.error(`[api] ${where} failed`, error);
  return { code: "internal_error", message: "Something went wrong on our side. Please try again." };
}

/** Wraps a route handler so that no error escapes as an HTML page or leaks internals. */
export function withErrorHandling<Ctx>(handler: Handler<Ctx>): Handler<Ctx> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      return errorAnswer(error, request);
    }
  };
}

/** The API's answer to an error thrown while serving `request`. */
export function errorAnswer(error: unknown, request: Request): Response {
  const answer = errorAnswerOf(error, `${request.method} ${new URL(request.url).pathname}`);
  return errorResponse(answer.code, answer.message, answer.headers);
}
