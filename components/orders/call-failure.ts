// A failed call as the listing form and the orders page show it.
import { ApiCallError } from "@/lib/api/fetch-json.browser";

/** A failed call as the page shows it: the API's own code and message where it gave them. */
export type CallFailure = { status: number | null; code: string | null; message: string };

/**
 * The API answers `{ error: { code, message } }` with words meant for the buyer; anything else (a
 * proxy's page, no answer at all) gets a sentence of ours.
 */
export function describeFailure(error: unknown): CallFailure {
  if (!(error instanceof ApiCallError)) {
    // fetch() rejects with a TypeError when no answer came at all.
    const message = error instanceof TypeError ? "Couldn't reach PulseCompare. Check your connection and try again." : "Something went wrong. Please try again.";
    return { status: null, code: null, message };
  }
  if (error.code) return { status: error.status, code: error.code, message: error.message };
  return { status: error.status, code: null, message: `Something went wrong (HTTP ${error.status}). Please try again.` };
}

/** Worth asking again by itself: the server or the chain was busy, not a refusal of this request. */
export const isTransient = (failure: CallFailure) => failure.status === null || failure.status === 429 || failure.status >= 500;
