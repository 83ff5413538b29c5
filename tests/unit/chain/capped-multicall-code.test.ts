// The capped multicall's runtime code is committed as a hex constant (capped-multicall-code.ts):
// recompiling CappedMulticall.sol with solc-js and the test contracts' settings must give exactly
// that code, and the ABI the reader encodes with must be the contract's. After editing the
// contract, `npx tsx tests/chain/write-capped-multicall-code.ts` writes the constant again.
import { readFileSync } from "node:fs";
import type { Abi } from "viem";
import { cappedMulticallAbi } from "@/lib/chain/capped-multicall";
import { CAPPED_MULTICALL_CODE } from "@/lib/chain/capped-multicall-code";
import { compileSolidity } from "@/tests/chain/compile";
import { CAPPED_MULTICALL_SOURCE } from "@/tests/chain/write-capped-multicall-code";

jest.setTimeout(60_000);

const compiled = () => compileSolidity({ "CappedMulticall.sol": { content: readFileSync(CAPPED_MULTICALL_SOURCE, "utf8") } }).CappedMulticall!;

/** An ABI without solc's internalType annotations, which do not change the encoding. */
const plain = (abi: Abi): unknown => JSON.parse(JSON.stringify(abi, (key, value: unknown) => (key === "internalType" ? undefined : value)));

test("the committed runtime code is CappedMulticall.sol compiled, and the reader's ABI is the contract's", () => {
  const artifact = compiled();
  expect(CAPPED_MULTICALL_CODE).toBe(artifact.deployedBytecode);
  expect(plain(artifact.abi)).toEqual(plain(cappedMulticallAbi as unknown as Abi));
});
