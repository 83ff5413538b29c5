// Compiles the test contracts in tests/chain/contracts with solc-js (the compiler from the npm
// registry, no native binary). The output is cached by a hash of the sources and settings under
// node_modules/.cache, so only the first run after a contract change pays the few seconds solc takes.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Abi, Hex } from "viem";

/** `bytecode` deploys the contract; `deployedBytecode` is the code it leaves at its address. */
export type Artifact = { abi: Abi; bytecode: Hex; deployedBytecode: Hex };
export type Artifacts = Record<
  "TestToken" | "WPLS" | "Pair" | "Factory" | "Multicall3" | "MarketBuilder" | "BagBenchToken" | "BagBenchBuilder" | "RevertingToken" | "MisbehavingToken" | "GasBurningToken" | "Forwarder" | "HexLike",
  Artifact
>;

const CONTRACTS_DIR = path.join(process.cwd(), "tests/chain/contracts");
const CACHE_DIR = path.join(process.cwd(), "node_modules/.cache/test-contracts");

/**
 * The settings every contract here is compiled with. "paris": no PUSH0, so any local EVM runs the
 * code whatever hardfork it defaults to. lib/chain/CappedMulticall.sol is compiled with
 * them too (compileSolidity), so its committed code can be checked against its source.
 */
export const SOLC_SETTINGS = { evmVersion: "paris", optimizer: { enabled: true, runs: 200 }, outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } } } as const;

export function compileTestContracts(): Artifacts {
  const files = readdirSync(CONTRACTS_DIR).filter((file) => file.endsWith(".sol")).sort();
  const sources = Object.fromEntries(files.map((file) => [file, { content: readFileSync(path.join(CONTRACTS_DIR, file), "utf8") }]));
  const hash = createHash("sha256").update(JSON.stringify([sources, SOLC_SETTINGS])).digest("hex").slice(0, 16);
  const cached = path.join(CACHE_DIR, `${hash}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as Artifacts;

  const artifacts = compileSolidity(sources) as Artifacts;
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(cached, JSON.stringify(artifacts));
  return artifacts;
}

/** Compiles Solidity sources (file name to content) with solc-js and SOLC_SETTINGS: every contract by name. */
export function compileSolidity(sources: Record<string, { content: string }>): Record<string, Artifact> {
  const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };
  const input = { language: "Solidity", sources, settings: SOLC_SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length) throw new Error(`solc: ${errors.map((error) => error.formattedMessage).join("\n")}`);

  const artifacts: Record<string, Artifact> = {};
  for (const contracts of Object.values(output.contracts)) {
    for (const [name, contract] of Object.entries(contracts)) {
      artifacts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, deployedBytecode: `0x${contract.evm.deployedBytecode.object}` };
    }
  }
  return artifacts;
}
