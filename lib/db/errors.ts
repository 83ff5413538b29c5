// Recognising the database errors the domain recovers from, in one place.
import { Prisma } from "@/lib/generated/prisma/client";

export function isPrismaError(error: unknown, code: string): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === code;
}

/**
 * A unique index refused the row (another request inserted it first): P2002, or SQLite's own
 * message when the driver adapter passes the error through inside a batch transaction.
 */
export function isUniqueViolation(error: unknown): boolean {
  return isPrismaError(error, "P2002") || (error instanceof Error && /UNIQUE constraint failed/i.test(error.message));
}
