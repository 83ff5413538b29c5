// The pure EIP-4361 rules, beyond what the API tests already drive through the handlers.
import { createSiweMessage } from "viem/siwe";
import { checkSiweMessage, type SiweRules } from "@/lib/auth/siwe-rules";

const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const now = new Date("2026-11-21T12:00:00.000Z");
const rules: SiweRules = {
  origins: ["https://pulsecompare.example", "http://localhost:3000"],
  chainId: 369,
  now,
  maxAgeMs: 10 * 60_000,
  clockSkewMs: 60_000,
};
const message = (fields: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({
    domain: "pulsecompare.example",
    address,
    uri: "https://pulsecompare.example/",
    version: "1",
    chainId: 369,
    nonce: "AbCdEfGhIjKlMnOpQrStUvWx",
    issuedAt: now,
    ...fields,
  });

test("accepts a message for any allowed origin and says which one", () => {
  expect(checkSiweMessage(message(), rules)).toEqual({
    ok: true,
    value: { address, nonce: "AbCdEfGhIjKlMnOpQrStUvWx", origin: "https://pulsecompare.example", issuedAt: now },
  });
  const local = checkSiweMessage(message({ domain: "localhost:3000", uri: "http://localhost:3000/watchlist" }), rules);
  expect(local).toMatchObject({ ok: true, value: { origin: "http://localhost:3000" } });
});

test.each([
  ["issuedAt 59 s ahead (within clock skew)", { issuedAt: new Date(now.getTime() + 59_000) }, true],
  ["issuedAt 61 s ahead", { issuedAt: new Date(now.getTime() + 61_000) }, false],
  ["issuedAt 9 min ago", { issuedAt: new Date(now.getTime() - 9 * 60_000) }, true],
  ["expirationTime exactly now", { expirationTime: now }, false],
  ["expirationTime in a minute", { expirationTime: new Date(now.getTime() + 60_000) }, true],
  ["notBefore now", { notBefore: now }, true],
  ["a domain allowed only with another port", { domain: "localhost:3001", uri: "http://localhost:3001/" }, false],
  ["a 15-character nonce", { nonce: "AbCdEfGhIjKlMnO" }, false],
])("%s → accepted: %s", (_name, fields, accepted) => {
  expect(checkSiweMessage(message(fields), rules).ok).toBe(accepted);
});

test.each([
  ["empty", ""],
  ["too long", message({ statement: "x".repeat(5000) })],
  ["a second Nonce line", message().replace(/(Nonce: .*)/, "$1\nNonce: SomeOtherNonce123456")],
  ["a second Chain ID line", message().replace(/(Chain ID: .*)/, "$1\nChain ID: 1")],
  ["Windows line endings", message().replace(/\n/g, "\r\n")],
  ["an unparseable date", message().replace(/Issued At: .*/, "Issued At: 2026-13-45T99:99:99Z")],
])("refuses a malformed message: %s", (_name, text) => {
  const result = checkSiweMessage(text, rules);
  expect(result.ok).toBe(false);
});

test.each([
  ["a user name", "https://user@pulsecompare.example/"],
  ["a user name and password", "https://user:secret@pulsecompare.example/watchlist"],
  ["a password alone", "https://:secret@pulsecompare.example/"],
  ["an empty user info", "https://@pulsecompare.example/"],
])("refuses a URI on the site's origin with %s in it", (_name, uri) => {
  // Each has exactly the allowed origin as URL reads it, so only the user-info rule refuses it.
  expect(new URL(uri).origin).toBe("https://pulsecompare.example");
  expect(checkSiweMessage(message({ uri }), rules)).toEqual({ ok: false, refusal: "uri_mismatch" });
});

test("an @ in the URI's path or query is no user info", () => {
  expect(checkSiweMessage(message({ uri: "https://pulsecompare.example/watchlist?by=me@example" }), rules).ok).toBe(true);
  expect(checkSiweMessage(message({ uri: "https://pulsecompare.example/@handle" }), rules).ok).toBe(true);
});
