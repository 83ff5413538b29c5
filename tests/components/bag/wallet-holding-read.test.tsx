// The pair card's "Your HEX: …" line: the balance is read from the chain (mocked here), and a
// balance read for one wallet or coin is never shown for another while that one's read is out.
import { act, render, screen } from "@testing-library/react";
import type { Address } from "viem";
import { WalletHoldingRead } from "@/components/compare/wallet-holding-read";
import type { BagRead } from "@/lib/bag/read-bag";

type Read = { owner: Address; symbol: string; resolve: (bag: BagRead) => void; reject: (error: Error) => void };
const reads: Read[] = [];

jest.mock("@/lib/bag/read-bag", () => ({
  createBagRpcClient: () => ({}),
  readBag: (_client: unknown, owner: Address, tokens: readonly { symbol: string }[]) =>
    new Promise<BagRead>((resolve, reject) => reads.push({ owner, symbol: tokens[0]!.symbol, resolve, reject })),
}));

beforeEach(() => {
  reads.length = 0;
});

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as Address;
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" as Address;
const HEX = { id: "hex", symbol: "HEX", address: "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39" as Address };
const PLS = { id: "pls", symbol: "PLS", address: null };
const worth = (amount: number) => ({ text: `$${amount * 2}` });

/** Answers the last read with a balance of `amount` whole tokens (none: an empty wallet). */
async function answer(amount: number | null) {
  const read = reads.at(-1)!;
  const held = amount === null ? [] : [{ token: { symbol: read.symbol }, raw: BigInt(amount) * 10n ** 8n, decimals: 8 }];
  await act(async () => read.resolve({ blockNumber: 1n, held, unreadable: [] } as unknown as BagRead));
}

const line = () => screen.queryByTestId("wallet-holding");

test("says the wallet's balance and its worth once read; nothing before, nor for an empty wallet", async () => {
  const { rerender } = render(<WalletHoldingRead owner={ALICE} coin={HEX} worth={worth} />);
  expect(line()).toBeNull();
  await answer(1500);
  expect(line()).toHaveTextContent(/^Your HEX: 1,500 → \$3000$/);

  rerender(<WalletHoldingRead owner={ALICE} coin={PLS} worth={worth} />);
  await answer(null);
  expect(line()).toBeNull();
});

test("another wallet or coin hides the last balance until its own read answers; a failed read shows nothing", async () => {
  const { rerender } = render(<WalletHoldingRead owner={ALICE} coin={HEX} worth={worth} />);
  await answer(1500);
  expect(line()).toHaveTextContent("Your HEX: 1,500");

  rerender(<WalletHoldingRead owner={BOB} coin={HEX} worth={worth} />);
  expect(reads.map((read) => read.owner)).toEqual([ALICE, BOB]);
  expect(line()).toBeNull();
  await answer(7);
  expect(line()).toHaveTextContent("Your HEX: 7");

  rerender(<WalletHoldingRead owner={BOB} coin={PLS} worth={worth} />);
  expect(line()).toBeNull();
  await act(async () => reads.at(-1)!.reject(new Error("RPC down")));
  expect(line()).toBeNull();

  // Back to a pair already read: read again, and nothing shown until that read answers.
  rerender(<WalletHoldingRead owner={BOB} coin={HEX} worth={worth} />);
  expect(reads).toHaveLength(4);
  expect(line()).toBeNull();
  await answer(8);
  expect(line()).toHaveTextContent("Your HEX: 8");
});

test("a read that answers after the wallet changed is dropped", async () => {
  const { rerender } = render(<WalletHoldingRead owner={ALICE} coin={HEX} worth={worth} />);
  const first = reads[0]!;
  rerender(<WalletHoldingRead owner={BOB} coin={HEX} worth={worth} />);
  await act(async () => first.resolve({ blockNumber: 1n, held: [{ raw: 5n * 10n ** 8n, decimals: 8 }], unreadable: [] } as unknown as BagRead));
  expect(line()).toBeNull();
  await answer(9);
  expect(line()).toHaveTextContent("Your HEX: 9");
});

test("back on a wallet read before, nothing shows until it is read again", async () => {
  const { rerender } = render(<WalletHoldingRead owner={ALICE} coin={HEX} worth={worth} />);
  await answer(1500);
  rerender(<WalletHoldingRead owner={BOB} coin={HEX} worth={worth} />);
  rerender(<WalletHoldingRead owner={ALICE} coin={HEX} worth={worth} />);
  expect(reads.map((read) => read.owner)).toEqual([ALICE, BOB, ALICE]);
  expect(line()).toBeNull();
  await answer(1600);
  expect(line()).toHaveTextContent("Your HEX: 1,600");
});
