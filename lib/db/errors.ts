// Recognising the database errors the domain recovers from, in one place.
import { Prisma } from "@/lib/generated/prisma/client";

export function isPrismaError(error: unknown, code: string): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}

/**
 * A unique index refused the row (another request inserted it first): P2002 from the query
 * builder, or, for raw SQL (P2010), the driver adapter's own kind of error, which Prisma passes
 * on in `meta`. Read from the error's fields, never from its message.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const adapterError = (error.meta as { driverAdapterError?: { cause?: { kind?: string } } } | undefined)?.driverAdapterError;
  return error.code === "P2002" || adapterError?.cause?.kind === "UniqueConstraintViolation";
}

/**
 * Whether `error` is (or was caused by) a remote libSQL server that did not answer in time, could
 * not be reached, or is known not to be answering right now (DatabaseUnavailableError, thrown by
 * lib/db/config.ts withRequestDeadline). Prisma passes that error through as it is (checked on
 * a paused sqld); the cause chain is walked for code that wraps it, and the name is compared
 * rather than the class, since a test runner or a bundler can load a module twice.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; current = (current as { cause?: unknown }).cause, depth++) {
    if ((current as Error).name === "DatabaseUnavailableError") return true;
  }
  return false;
}
