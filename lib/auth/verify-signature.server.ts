// Checks that `signature` over `message` comes from `address`: an ordinary key (recovered
// locally, no network) or a contract wallet (EIP-1271 / EIP-6492, asked of the chain).
//
// Asking the chain is what an attacker can make expensive, so it is bounded per process:
// - "No contract code at this address" is remembered (NO_CODE_TTL_MS, at most NO_CODE_MAX_ENTRIES
//   addresses, least recently used dropped first): a plain account signed by another key is
//   refused again without an RPC call. A plain account stays plain unless a contract is deployed
//   at its address; a counterfactual wallet signing before its deployment uses EIP-6492, which
//   is never answered from this memory, so at worst a wallet deployed in the last 10 minutes
//   whose owner signs with plain EIP-1271 is refused until its entry expires.
// - At most MAX_RPC_CHECKS_IN_FLIGHT checks talk to the chain at once; one more is answered
//   "unverifiable" at once rather than queued. Contract-wallet sign-ins are rare (an ordinary
//   key needs no chain), so more than a few at the same moment means a flood or a stuck RPC
//   (each check may take up to 2 x RPC_TIMEOUT_MS); a queue would make every sign-in behind it
//   wait that long and hold its request open, whereas "try again" costs a real user one click.
// And across processes and time, the caller's `mayAskChain` is asked right before the chain is
// (sign-in spends the "contract-wallet-check" rate limit there, per client, per wallet and in
// total). Only a signature that needs the chain reaches it: one that recovers locally to its
// address, or names a remembered plain account, is answered without spending anyone's budget,
// so nobody can use up a wallet's budget with forged signatures and keep its owner out.
import "server-only";
import { createPublicClient, http, isAddressEqual, isErc6492Signature, recoverMessageAddress, type Address, type Hex } from "viem";
import { pulsechainAt } from "@/lib/chain/pulsechain";

/** "limited": the chain had to be asked and `mayAskChain` said no (over a rate limit). */
export type SignatureVerdict = "valid" | "invalid" | "unverifiable" | "limited";

export type SignatureCheckOptions = {
  /** Asked once, right before the chain is; false answers "limited" without asking it. */
  mayAskChain: (address: Address) => Promise<boolean>;
};

const RPC_TIMEOUT_MS = 5_000;
export const NO_CODE_TTL_MS = 10 * 60_000;
export const NO_CODE_MAX_ENTRIES = 10_000;
export const MAX_RPC_CHECKS_IN_FLIGHT = 4;

/** A set of keys that each expire after `ttlMs`, holding at most `maxEntries` (least recently used leave first). */
export class BoundedTtlSet {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  has(key: string): boolean {
    const expiresAt = this.expiries.get(key);
    if (expiresAt === undefined) return false;
    this.expiries.delete(key);
    if (expiresAt <= this.now()) return false;
    this.expiries.set(key, expiresAt); // most recently used now: moves to the end
    return true;
  }

  add(key: string): void {
    this.expiries.delete(key);
    this.expiries.set(key, this.now() + this.ttlMs);
    while (this.expiries.size > this.maxEntries) this.expiries.delete(this.expiries.keys().next().value!);
  }

  get size(): number {
    return this.expiries.size;
  }
}

type State = { noCode: BoundedTtlSet; inFlight: number; saturationLogged: boolean };

// Per process, on globalThis like lib/cache/public-cache.server.ts: the bound holds however many route
// bundles load this module.
const STATE_KEY = Symbol.for("pulsecompare.verify-signature");
const globalState = globalThis as unknown as { [STATE_KEY]?: State };

function state(now: () => number = () => Date.now()): State {
  globalState[STATE_KEY] ??= { noCode: new BoundedTtlSet(NO_CODE_MAX_ENTRIES, NO_CODE_TTL_MS, now), inFlight: 0, saturationLogged: false };
  return globalState[STATE_KEY];
}

export async function verifyWalletSignature(
  { address, message, signature }: { address: Address; message: string; signature: Hex },
  rpcUrl: string,
  { mayAskChain }: SignatureCheckOptions,
): Promise<SignatureVerdict> {
  try {
    if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return "valid";
  } catch {
    // not a 65-byte ECDSA signature: may still be a contract wallet's
  }
  // A plain account (no code) cannot sign any other way, unless the signature carries the
  // deployment of a not-yet-deployed contract wallet (EIP-6492).
  const counterfactual = isErc6492Signature(signature);
  const noCodeKey = `${rpcUrl} ${address.toLowerCase()}`;
  const checks = state();
  if (!counterfactual && checks.noCode.has(noCodeKey)) return "invalid";

  if (checks.inFlight >= MAX_RPC_CHECKS_IN_FLIGHT) {
    if (!checks.saturationLogged) {
      checks.saturationLogged = true;
      console.warn(`[auth] ${MAX_RPC_CHECKS_IN_FLIGHT} contract-wallet signature checks already running: answering "unverifiable" until one ends`);
    }
    return "unverifiable";
  }
  // The slot is taken before the (possibly remote) budget is asked, so the cap holds meanwhile.
  checks.inFlight++;
  try {
    // A budget that cannot be counted is our failure, not the chain's: it is thrown, not "unverifiable".
    if (!(await mayAskChain(address))) return "limited";
    try {
      const client = createPublicClient({
        chain: pulsechainAt(rpcUrl),
        transport: http(rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }),
      });
      const code = await client.getCode({ address });
      if (!code && !counterfactual) {
        checks.noCode.add(noCodeKey);
        return "invalid";
      }
      // viem's check calls the wallet's isValidSignature (EIP-1271), deploying it first in a
      // simulated call for EIP-6492 signatures.
      return (await client.verifyMessage({ address, message, signature })) ? "valid" : "invalid";
    } catch (error) {
      // The chain could not be asked (RPC down or slow): refuse, and say why in the log.
      console.warn(`[auth] signature check for ${address} could not reach PulseChain: ${(error as Error).message.split("\n")[0]}`);
      return "unverifiable";
    }
  } finally {
    checks.inFlight--;
    if (checks.inFlight === 0) checks.saturationLogged = false;
  }
}

/** Tests: forget remembered plain accounts and running checks, and set the clock. */
export function resetSignatureChecksForTests(now: () => number = () => Date.now()): void {
  globalState[STATE_KEY] = undefined;
  state(now);
}
