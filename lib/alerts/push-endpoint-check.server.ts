// The registration's check of a browser's push endpoint (issue 50): the pattern (push-endpoint.ts),
// then, for a known push service's name, where it resolves now: a name that answers with a
// loopback, private or link-local address is refused, whatever its spelling. Origins the deployer
// listed (PUSH_EXTRA_ORIGINS) are admitted as they are and never resolved.
//
// The resolve is defence in depth: the allow-list is what keeps sends on the push services (their
// names are the providers' own, which no caller controls), and a send resolves the name again. It
// runs once per registration, never per send.
import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import { getEnv } from "@/lib/config/env";
import { DomainError } from "@/lib/errors/domain-error";
import { checkEndpointPattern, isNonPublicAddress } from "./push-endpoint";

/** Every address a name resolves to. */
export type EndpointLookup = (host: string) => Promise<string[]>;

/** A resolve that has not answered in this long is given up (the caller gets a 503 to try again). */
export const ENDPOINT_RESOLVE_TIMEOUT_MS = 3_000;

const systemLookup: EndpointLookup = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
let lookup: EndpointLookup = systemLookup;

/**
 * Tests: the resolver the check uses (a fake answering what the test needs), or the system's again
 * with no argument. A test must never resolve a real name: the machines' resolver is not loopback.
 */
export function setEndpointLookupForTests(replacement?: EndpointLookup): void {
  lookup = replacement ?? systemLookup;
}

const refused = (reason: string) => new DomainError("invalid_input", `endpoint: ${reason}.`);
/** The resolver failed or did not answer in time: its trouble, not the caller's mistake. */
const resolverDown = () => new DomainError("unavailable", "Couldn't check your browser's push address just now. Try again in a minute.");

/**
 * Throws `invalid_input` ("endpoint: …", a 400 naming the field) for an endpoint the policy refuses,
 * and `unavailable` (503) when its name could not be resolved in time.
 */
export async function checkPushEndpoint(endpoint: string, timeoutMs = ENDPOINT_RESOLVE_TIMEOUT_MS): Promise<void> {
  const verdict = checkEndpointPattern(endpoint, getEnv().PUSH_EXTRA_ORIGINS);
  if (!verdict.ok) throw refused(verdict.reason);
  if (verdict.extra) return;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  let addresses: string[] | "timeout";
  try {
    addresses = await Promise.race([lookup(verdict.host), deadline]);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // No such name (or no address for it): the endpoint can never be reached. Anything else is the
    // resolver's trouble, not the caller's mistake.
    if (code === "ENOTFOUND" || code === "ENODATA") throw refused("its host name does not resolve");
    throw resolverDown();
  } finally {
    clearTimeout(timer);
  }
  if (addresses === "timeout") throw resolverDown();
  if (!addresses.length) throw refused("its host name does not resolve");
  if (addresses.some(isNonPublicAddress)) throw refused("its host name resolves to a private, loopback or link-local address");
}
