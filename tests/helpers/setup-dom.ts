import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "node:util";

// jsdom lacks TextEncoder, which browsers have; viem (address checksums in lib/validation) needs it.
if (typeof globalThis.TextEncoder === "undefined") Object.assign(globalThis, { TextEncoder, TextDecoder });

// Every test starts without the "signed in" hint cookie (jsdom keeps cookies across tests in a file).
beforeEach(() => {
  document.cookie = "pc_signed_in=; Path=/; Max-Age=0";
});
