// The resolver the push-endpoint check uses (lib/alerts/push-endpoint-check.server.ts), faked: a
// test must never resolve a real name (this machine's resolver is not on loopback, and the
// machines are watched for traffic off it). tests/helpers/setup-node.ts installs `refuseLookups`
// for every node test file, so a test that forgets to fake one fails instead of asking the network.
import { setEndpointLookupForTests, type EndpointLookup } from "@/lib/alerts/push-endpoint-check.server";

/** Names resolved through the fake so far (for tests that check none was, or which). */
export const resolvedNames: string[] = [];

/** The default in tests: every lookup fails, naming the host, and the check answers 503. */
export const refuseLookups: EndpointLookup = async (host) => {
  resolvedNames.push(host);
  throw Object.assign(new Error(`a test asked to resolve ${host}: fake the lookup (tests/helpers/endpoint-lookup.ts)`), { code: "ETEST" });
};

/**
 * Answers each name with `answer(host)` (addresses, or a thrown error such as { code: "ENOTFOUND" })
 * for the rest of the test file, or until the returned function puts the refusing one back.
 */
export function fakeLookups(answer: (host: string) => string[] | Promise<string[]>): () => void {
  setEndpointLookupForTests(async (host) => {
    resolvedNames.push(host);
    return answer(host);
  });
  return () => setEndpointLookupForTests(refuseLookups);
}
