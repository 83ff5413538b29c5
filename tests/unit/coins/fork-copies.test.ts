// PulseChain copies of Ethereum tokens (lib/coins/fork-copies.ts) and how the selectors tell coins
// apart (the coin index's tag).
import { fromCoinIndex, toCoinIndexRows } from "@/lib/coins/coin-index";
import { chainName, forkCopyLabel, forkOfAddress, selectorTag, sharedSymbolsOf } from "@/lib/coins/fork-copies";
import { makeCoin } from "@/tests/components/fixtures";

test("a contract address at a well-known Ethereum token's is its PulseChain copy, in any case; others are not", () => {
  expect(forkOfAddress("0x6b175474e89094c44da98b954eedeac495271d0f")).toBe("DAI");
  expect(forkOfAddress("0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39")).toBe("HEX");
  expect(forkOfAddress("0x57fde0a71132198BBeC939B98976993d8D89D225")).toBeNull(); // eHEX: bridged, not a copy
  expect(forkOfAddress(null)).toBeNull();
  expect(forkOfAddress("not an address")).toBeNull();
  expect(forkCopyLabel("DAI")).toBe("PulseChain copy of Ethereum's DAI");
});

test("the selectors' tag: 'PulseChain copy' for a copy, the chain when two coins share a symbol, else none", () => {
  const coins = [
    makeCoin({ id: "hex", symbol: "HEX", chain: "pulsechain", forkOf: "HEX" }),
    makeCoin({ id: "hex-eth", symbol: "hex", chain: "ethereum" }),
    makeCoin({ id: "plsx", symbol: "PLSX", chain: "pulsechain" }),
    makeCoin({ id: "pepe", symbol: "PEPE", chain: "pulsechain" }),
    makeCoin({ id: "pepe-eth", symbol: "PEPE", chain: "ethereum" }),
  ];
  const shared = sharedSymbolsOf(coins);
  expect([...shared].sort()).toEqual(["hex", "pepe"]);
  expect(coins.map((coin) => selectorTag(coin, shared))).toEqual(["PulseChain copy", "Ethereum", null, "PulseChain", "Ethereum"]);
  expect(chainName("bitcoin")).toBe("Bitcoin");
  expect(chainName("solana")).toBe("Solana");

  // The index carries the tag as its fifth field; a row without one (an older index) reads null.
  const rows = toCoinIndexRows(coins);
  expect(rows[0]).toEqual(["hex", "HEX", expect.any(String), null, "PulseChain copy"]);
  expect(fromCoinIndex({ coins: rows }).map((coin) => coin.tag)).toEqual(["PulseChain copy", "Ethereum", null, "PulseChain", "Ethereum"]);
  expect(fromCoinIndex({ coins: [["plsx", "PLSX", "PulseX", null]] })).toEqual([{ id: "plsx", symbol: "PLSX", name: "PulseX", logoUrl: null, tag: null }]);
});
