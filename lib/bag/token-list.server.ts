// The bag page's token list (GET /api/bag-tokens?v=): every PulseChain coin as a compact row
// (lib/bag/bag-tokens.ts), serialised and versioned once per coin snapshot.
import "server-only";
import { snapshotView, versionOf } from "@/lib/coins/snapshot.server";
import { toBagTokenRows } from "./bag-tokens";

export const bagTokenList = snapshotView(({ coins, decimalsById }) => {
  const rows = toBagTokenRows(coins, decimalsById);
  const version = versionOf(rows);
  return { version, body: JSON.stringify({ version, tokens: rows }) };
});
