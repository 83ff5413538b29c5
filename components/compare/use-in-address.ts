"use client";

import { useEffect, useEffectEvent, useRef } from "react";

/** How some of a page's choices sit in its query: read from it, and written into it beside the rest. */
export type AddressCodec<T> = { read: (search: string) => T; write: (search: string, value: T) => string };

/**
 * Keeps `value` in the page's address: `onRead` gets what the address holds once, after hydration
 * (the cached HTML shows the defaults, and the server never sees the choices), and from then on
 * every change of `value` is written back with replaceState, so a shared link keeps it without a
 * history entry per keystroke. `value` is a small plain object: it is compared by its JSON.
 */
export function useInAddress<T>(enabled: boolean, value: T, codec: AddressCodec<T>, onRead: (read: T) => void): void {
  // Effect Events: the read and the write always see the latest arguments, which are no reason to run again.
  const read = useEffectEvent(() => onRead(codec.read(window.location.search)));
  useEffect(() => {
    if (enabled) read();
  }, [enabled]);

  const write = useEffectEvent((search: string) => codec.write(search, value));
  const key = JSON.stringify(value);
  const started = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    // The first run sees hydration's defaults, before the address was read: nothing to write yet.
    if (!started.current) {
      started.current = true;
      return;
    }
    const { pathname, search, hash } = window.location;
    const next = `${pathname}${write(search)}${hash}`;
    if (next !== `${pathname}${search}${hash}`) window.history.replaceState(window.history.state, "", next);
  }, [enabled, key]);
}
