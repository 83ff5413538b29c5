// How the admin page reads a failed call: the API's own message for the operator, and the two
// refusals it acts on (sign again; not an operator).
import { ApiCallError } from "@/lib/api/fetch-json.browser";

/** The API's own message ("0x… is already listed as "pepe"."), else a generic one. */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof ApiCallError) return error.code ? error.message : `The server answered ${error.status}. Please try again.`;
  return "Could not reach the server. Check your connection and try again.";
}

/** An admin write refused because the wallet signed too long ago: signing again fixes it. */
export function isReauthenticationRequired(error: unknown): boolean {
  return error instanceof ApiCallError && error.status === 401 && error.code === "reauthentication_required";
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiCallError && error.status === 403;
}
