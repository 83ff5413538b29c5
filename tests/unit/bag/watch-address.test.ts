import { addressFromHash, parseWatchAddress } from "@/lib/bag/watch-address";

// A well-known development address, checksummed, and its forms.
const CHECKSUMMED = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("parseWatchAddress", () => {
  test.each([CHECKSUMMED, CHECKSUMMED.toLowerCase(), `0x${CHECKSUMMED.slice(2).toUpperCase()}`, `  ${CHECKSUMMED}  `])("%j is the address", (text) => {
    expect(parseWatchAddress(text)).toEqual({ ok: true, address: CHECKSUMMED });
  });

  test.each([
    ["", "Paste a wallet address (0x followed by 40 hex characters)."],
    ["0x1234", "That is not a wallet address: it is 0x followed by 40 hex characters."],
    ["vitalik.eth", "That is not a wallet address: it is 0x followed by 40 hex characters."],
    [`${CHECKSUMMED}0`, "That is not a wallet address: it is 0x followed by 40 hex characters."],
    // One letter's case flipped: the checksum no longer matches.
    [CHECKSUMMED.replace("C51812", "c51812"), "That address's checksum does not match: check it for a typo, or paste it in lower case."],
  ])("%j is refused: %s", (text, reason) => {
    expect(parseWatchAddress(text)).toEqual({ ok: false, reason });
  });

  test("a fragment names the address, or nothing", () => {
    expect(addressFromHash(`#${CHECKSUMMED.toLowerCase()}`)).toBe(CHECKSUMMED);
    expect(addressFromHash("")).toBeNull();
    expect(addressFromHash("#connect-wallet")).toBeNull();
  });
});
