// One error shape for every API response that is not a success:
//   { "error": { "code": "not_found", "message": "No coin with id \"abc\"." } }
// Route handlers throw ApiError (or let zod throw); withErrorHandling turns it into JSON.
import { NextResponse } from "next/server";
import { z } from "zod";
import type { SignInRefusal } from "@/lib/auth/sign-in";

export type ApiErrorCode =
  | "bad_request"
  | "invalid_query"
  | "not_found"
  | "unknown_coin"
  | "method_not_allowed"
  | "unauthenticated"
  // Signed in, but the wallet's signature is too old for this (admin writes): sign in again.
  | "reauthentication_required"
  | "forbidden"
  | "csrf_failed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "service_unavailable"
  | "internal_error"
  // Operators' listings (lib/listings)
  | "already_listed"
  | "not_a_token"
  | "not_priceable"
  | "listing_changed"
  | SignInRefusal;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function errorResponse(status: number, code: ApiErrorCode, message: string, headers?: HeadersInit) {
  return NextResponse.json({ error: { code, message } }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** "limit: Too big: expected number to be <=100; foo: Unrecognized key" */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
      return `${where}${issue.message}`;
    })
    .join("; ");
}

type Handler<Ctx> = (request: Request, context: Ctx) => Promise<Response>;

/** Wraps a route handler so that no error escapes as an HTML page or leaks internals. */
export function withErrorHandling<Ctx>(handler: Handler<Ctx>): Handler<Ctx> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(error.status, error.code, error.message);
      if (error instanceof z.ZodError) return errorResponse(400, "bad_request", describeZodError(error));
      console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed`, error);
      return errorResponse(500, "internal_error", "Something went wrong on our side. Please try again.");
    }
  };
}

/** Answers the methods a route does not implement with 405 JSON instead of Next's empty body. */
export function rejectOtherMethods(allowed: string[]) {
  const reject = async () =>
    errorResponse(405, "method_not_allowed", `This endpoint accepts ${allowed.join(", ")} only.`, {
      Allow: allowed.join(", "),
    });
  return { GET: reject, POST: reject, PUT: reject, PATCH: reject, DELETE: reject };
}
