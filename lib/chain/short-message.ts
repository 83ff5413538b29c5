// viem's one-line summary of an RPC error, for logs and for pages. Isomorphic: the server's
// refresh and listing code and the browser's bag reader share it.
import { errorMessage } from "@/lib/errors/error-message";

/** viem's summary of an RPC error, else the error's message. */
export function shortMessage(error: unknown): string {
  if (error && typeof error === "object" && "shortMessage" in error && typeof error.shortMessage === "string") return error.shortMessage;
  return errorMessage(error);
}

/** The same on one line (viem's summaries can run to two), for a page to show as it is. */
export function oneLineMessage(error: unknown): string {
  return shortMessage(error).replace(/\s*\n\s*/g, " ");
}
