// Sign-In with Ethereum on the server: every rule is checked here, in this order, and any
// failure refuses the sign-in with a DomainError whose kind is the refusal. next-auth's
// credentials provider calls this from `authorize` (lib/auth/next-auth.server.ts).
import "server-only";
import type { Hex } from "viem";
import type { PrismaClient } from "@/lib/db/create-client";
import { findOrCreate } from "@/lib/db/find-or-create";
import { DomainError, type SignInRefusal } from "@/lib/errors/domain-error";
import { consumeRateLimit } from "@/lib/security/rate-limit.server";
import { PULSECHAIN_CHAIN_ID } from "@/lib/chain/pulsechain";
import { CLOCK_SKEW_MS, NONCE_TTL_MS } from "./config.server";
import { consumeNonce } from "./nonces.server";
import { checkSiweMessage } from "./siwe-rules";
import { verifyWalletSignature } from "./verify-signature.server";

/** The refusal as the domain's error, with the words the person signing in sees. */
function refuse(refusal: SignInRefusal): DomainError {
  return new DomainError(refusal, SIGN_IN_REFUSAL_MESSAGES[refusal]);
}

const SIGNATURE_PATTERN = /^0x[0-9a-fA-F]{130,4096}$/;

export async function signInWithEthereum(
  db: PrismaClient,
  input: { message: string; signature: string },
  options: {
    origins: string[];
    rpcUrl: string;
    /** The client's IP (lib/security/client-ip.server.ts): whose budget a chain check spends. */
    clientIp: string;
    now?: Date;
  },
): Promise<{ id: number; address: string }> {
  const now = options.now ?? new Date();
  const checked = checkSiweMessage(input.message, {
    origins: options.origins,
    chainId: PULSECHAIN_CHAIN_ID,
    now,
    maxAgeMs: NONCE_TTL_MS,
    clockSkewMs: CLOCK_SKEW_MS,
  });
  if (!checked.ok) throw refuse(checked.refusal);
  const { address, nonce } = checked.value;
  if (!SIGNATURE_PATTERN.test(input.signature)) throw refuse("signature_invalid");

  // Used up before the signature is checked: whatever happens next, this message is spent.
  if (!(await consumeNonce(db, nonce, now))) throw refuse("nonce_invalid");

  // The wallet's budget is spent only when the chain must be asked (the signature does not
  // recover to the address it names): no forged signature can keep an ordinary wallet out, and a
  // flood naming a contract wallet asks the chain no more than the budget allows.
  const verdict = await verifyWalletSignature({ address, message: input.message, signature: input.signature as Hex }, options.rpcUrl, {
    mayAskChain: async (wallet) => (await consumeRateLimit("contract-wallet-check", { ip: options.clientIp, address: wallet })).allowed,
  });
  if (verdict === "invalid") throw refuse("signature_invalid");
  if (verdict === "unverifiable") throw refuse("signature_unverifiable");
  if (verdict === "limited") throw refuse("signature_check_limited");

  return findOrCreateUser(db, address);
}

/** The checksummed address is the user's key; two first sign-ins at once still make one row. */
export async function findOrCreateUser(db: PrismaClient, checksummedAddress: string): Promise<{ id: number; address: string }> {
  const { row } = await findOrCreate(
    () => db.user.findUnique({ where: { address: checksummedAddress } }),
    () => db.user.create({ data: { address: checksummedAddress } }),
  );
  return { id: row.id, address: row.address };
}

/** What each refusal tells the person signing in. */
export const SIGN_IN_REFUSAL_MESSAGES: Record<SignInRefusal, string> = {
  message_malformed: "The sign-in message is not a valid Sign-In with Ethereum message.",
  nonce_invalid: "The sign-in request is unknown, expired or already used. Please sign in again.",
  domain_mismatch: "The sign-in message was made for another website.",
  uri_mismatch: "The sign-in message names another website address.",
  chain_unsupported: "Sign in on PulseChain (chain id 369).",
  issued_at_invalid: "The sign-in message is too old or dated in the future. Check your device clock and sign in again.",
  message_expired: "The sign-in message has expired. Please sign in again.",
  message_not_yet_valid: "The sign-in message is not valid yet.",
  signature_invalid: "The signature does not match the wallet address.",
  signature_unverifiable: "The signature could not be checked on PulseChain right now. Please try again.",
  signature_check_limited: "Too many contract-wallet sign-ins are being checked on PulseChain right now. Please try again in a minute.",
};
