// What a caught value says, for a log line or a CLI's message: anything can be thrown, and only
// an Error has a message.

/** The error's message, or the thrown value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
