// The operators' CLI (`npm run admin`) as a real process: `tsx --conditions react-server
// scripts/admin.ts` against this file's temporary database and a local EVM, checking its output,
// its exit codes and what it wrote.
import { execFile } from "node:child_process";
import type { Address } from "viem";
import { startLocalChain, type LocalChain } from "@/tests/chain/local-chain";
import { LOCAL_WPLS_USD, deployLocalMarket } from "@/tests/chain/local-market";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(90_000);

const { db } = useTestDatabase({ seed: true });

let chain: LocalChain;
let doggo: Address;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  chain = await startLocalChain();
  const market = await deployLocalMarket(chain, [
    { coinId: "doggo", name: "Doggo Inu", symbol: "DOGGO", decimals: 9, supply: "1000000000", priceUsd: 2 * LOCAL_WPLS_USD, poolWpls: 2_000_000 },
  ]);
  doggo = market.addresses.doggo!;
  // The temporary database useTestDatabase made, and the local chain instead of PulseChain.
  env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL, ...market.env };
});

afterAll(() => chain?.stop());

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("npx", ["tsx", "--conditions", "react-server", "scripts/admin.ts", ...args], { cwd: process.cwd(), env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

test("list-coin reads the token on-chain and lists it; the same again, a bad command line and a slot follow", async () => {
  const listed = await admin("list-coin", doggo.toLowerCase(), "--tags", "meme,Dog", "--logo", "/logos/doggo.svg");
  expect(listed).toMatchObject({ code: 0, stdout: expect.stringContaining('Listed DOGGO (Doggo Inu) as "doggo": 9 decimals') });
  expect(await db().coin.findUniqueOrThrow({ where: { id: "doggo" } })).toMatchObject({
    contractAddress: doggo,
    decimals: 9,
    tags: "meme,dog",
    logoUrl: "/logos/doggo.svg",
    quoteSource: "pulsex",
  });

  // One after another: three CLI processes starting at once on a busy CI machine (each compiling
  // its TypeScript) once held the SQLite file long enough for a read to time out (P1008).
  const again = await admin("list-coin", doggo);
  const usage = await admin("feature", "doggo", "hex", "--end", "2099-01-01T00:00:00Z");
  const featured = await admin("feature", "doggo", "hex", "--start", "now", "--end", "2099-01-01T00:00:00Z", "--promoted");
  expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining(`Refused (already_listed): ${doggo} is already listed as "doggo".`) });
  expect(usage).toMatchObject({ code: 2, stderr: expect.stringMatching(/Error: missing --start ISO[\s\S]*Usage: npm run admin/) });
  expect(featured).toMatchObject({ code: 0, stdout: expect.stringMatching(/Scheduled featured slot #\d+\.\n#\d+ +live +doggo vs hex .* promoted/) });
  expect(await db().coin.count({ where: { contractAddress: doggo } })).toBe(1);
  expect(await db().featuredComparison.findMany({ where: { coin1Id: "doggo" } })).toEqual([
    expect.objectContaining({ coin2Id: "hex", isPromoted: true, endsAt: new Date("2099-01-01T00:00:00Z") }),
  ]);
});
