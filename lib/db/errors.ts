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
