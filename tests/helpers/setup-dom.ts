import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";
import { TextDecoder, TextEncoder } from "node:util";

// jsdom lacks TextEncoder, which browsers have; viem (address checksums in lib/validation) needs it.
if (typeof globalThis.TextEncoder === "undefined") Object.assign(globalThis, { TextEncoder, TextDecoder });

// jest runs both projects' files in parallel on two cores: on a busy machine a toast or a
// re-enabled button can take over a second to appear (the default wait). A condition that never
// holds still fails, only later.
configure({ asyncUtilTimeout: 4_000 });

// Every test starts without the "signed in" hint cookie (jsdom keeps cookies across tests in a file).
beforeEach(() => {
  document.cookie = "pc_signed_in=; Path=/; Max-Age=0";
});

// jsdom has no layout, so nothing can scroll into view: an IntersectionObserver that never
// reports keeps the lazy charts (components/charts) on their skeleton, as below the fold in a
// browser. The charts themselves are tested in Chromium (tests/browser/coins/coin-pages.spec.ts).
if (typeof globalThis.IntersectionObserver === "undefined") {
  class NeverIntersecting {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  Object.assign(globalThis, { IntersectionObserver: NeverIntersecting });
}
