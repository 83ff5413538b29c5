// A module fetched when first wanted rather than with the page, for the cases React.lazy does not
// fit: a caller that starts the download ahead of time (Compare Now fetches the result's code
// during its delay) and must then render what the module exports at once, with no Suspense
// fallback flashing for a frame; or that calls the module's functions, not just a component.
import { useCallback, useEffect, useState } from "react";

export type LazyModule<T> = {
  /** Starts the download (once; again after a failure) and resolves with the module. */
  load(): Promise<T>;
  /** The module, once loaded. */
  current(): T | undefined;
};

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load() {
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined; // a failed download (offline, a new deploy) may be tried again
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
  };
}

export type LazyModuleState<T> = {
  /** The module once loaded (at once, if another part of the page loaded it already). */
  module: T | undefined;
  /** The last download failed; `retry` tries again. */
  failed: boolean;
  retry: () => void;
};

/** Loads `lazy` once `wanted` and re-renders when it arrives. */
export function useLazyModule<T>(lazy: LazyModule<T>, wanted: boolean): LazyModuleState<T> {
  const [, setLoadedCount] = useState(0);
  const [failed, setFailed] = useState(false);
  const loaded = lazy.current();
  useEffect(() => {
    if (!wanted || loaded || failed) return;
    let current = true;
    lazy.load().then(
      () => current && setLoadedCount((count) => count + 1),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [lazy, wanted, loaded, failed]);
  const retry = useCallback(() => setFailed(false), []);
  return { module: loaded, failed: failed && !loaded, retry };
}
