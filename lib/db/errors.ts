// Recognising the database errors the domain recovers from, in one place.
import type { DomainError } from "@/lib/errors/domain-error";
import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The database's refusals the domain gives a meaning to: a unique index refused the row (another
 * request inserted it first), a foreign key refused it (a row it names is missing), or the row to
 * update or delete was not there (its `where` matched nothing, e.g. a status that moved on). Read
 * from the error's fields, never from its message: the query builder's code (P2002, P2003,
 * P2025), or, for raw SQL (P2010), the driver adapter's own kind of error, which Prisma passes on
 * in `meta`.
 */
export type DbRefusal = "unique" | "foreignKey" | "notFound";

const BY_CODE: Record<string, DbRefusal> = { P2002: "unique", P2003: "foreignKey", P2025: "notFound" };
const BY_ADAPTER_KIND: Record<string, DbRefusal> = { UniqueConstraintViolation: "unique", ForeignKeyConstraintViolation: "foreignKey" };

/** Which of the refusals above `error` is, or null for any other error. */
export function dbRefusal(error: unknown): DbRefusal | null {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return null;
  const adapterError = (error.meta as { driverAdapterError?: { cause?: { kind?: string } } } | undefined)?.driverAdapterError;
  return BY_CODE[error.code] ?? BY_ADAPTER_KIND[adapterError?.cause?.kind ?? ""] ?? null;
}

export const isUniqueViolation = (error: unknown): boolean => dbRefusal(error) === "unique";
export const isForeignKeyViolation = (error: unknown): boolean => dbRefusal(error) === "foreignKey";
export const isRecordNotFound = (error: unknown): boolean => dbRefusal(error) === "notFound";

/**
 * In a `catch`: throws the domain error a refusal means where the caller names one
 * (`{ unique: () => new DomainError("payment_conflict", ...) }`), else the error itself.
 */
export function throwDbError(error: unknown, meanings: Partial<Record<DbRefusal, () => DomainError>>): never {
  const refusal = dbRefusal(error);
  const meaning = refusal ? meanings[refusal] : undefined;
  throw meaning ? meaning() : error;
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
