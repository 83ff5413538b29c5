import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "node:util";

// jsdom lacks TextEncoder, which browsers have; viem (address checksums in lib/validation) needs it.
if (typeof globalThis.TextEncoder === "undefined") Object.assign(globalThis, { TextEncoder, TextDecoder });
