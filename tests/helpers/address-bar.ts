// The address bar for component tests of code that reads search params. jsdom has no Next.js
// router, so `useSearchParams` is served from window.location, and, as in Next.js (which keeps
// its router in step with the History API), history.pushState and replaceState update it.
//
//   jest.mock("next/navigation", () => jest.requireActual("@/tests/helpers/address-bar").navigationMock);
//   const address = useAddressBar();   // resets the address to "/" around each test
//   openAddress("/?coin1=hex&coin2=btc");           // before render: the address the page opened with
//   await act(async () => address.navigate("/?coin1=pls"));   // a link followed after render
//   address.routerCalls                               // what useRouter() was asked to do
import { useSyncExternalStore } from "react";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** useRouter()'s navigations and prefetches, in order; no page is loaded (there is no router). */
const routerCalls: { method: "push" | "replace" | "prefetch"; href: string }[] = [];
const router = {
  push: (href: string) => void routerCalls.push({ method: "push", href }),
  replace: (href: string) => void routerCalls.push({ method: "replace", href }),
  prefetch: (href: string) => void routerCalls.push({ method: "prefetch", href }),
  back: () => {},
  forward: () => {},
  refresh: () => {},
};

export const navigationMock = {
  useSearchParams() {
    const search = useSyncExternalStore(subscribe, () => window.location.search, () => "");
    return new URLSearchParams(search);
  },
  useRouter: () => router,
};

export function openAddress(url: string): void {
  window.history.replaceState(null, "", url);
}

export function useAddressBar() {
  const { pushState, replaceState } = window.history;
  beforeEach(() => {
    window.history.pushState = function (...args: Parameters<History["pushState"]>) {
      pushState.apply(this, args);
      notify();
    };
    window.history.replaceState = function (...args: Parameters<History["replaceState"]>) {
      replaceState.apply(this, args);
      notify();
    };
    openAddress("/");
    routerCalls.length = 0;
  });
  afterEach(() => {
    window.history.pushState = pushState;
    window.history.replaceState = replaceState;
  });
  return { navigate: (url: string) => window.history.pushState(null, "", url), routerCalls };
}
