"use client";

// The toasts' mount point. The store and Radix Toast load with the first toast rather than with
// the page: most visits never see one, and they would be a good part of every page's first-load
// script. Until then this reads only whether a toast exists (toast-presence.ts).
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { hasToasts, subscribeToastPresence } from "./toast-presence";

const ToastList = lazy(() => import("./toast-list").then((m) => ({ default: m.ToastList })));

/** Mount once. Renders nothing until the first toast, then stays (closing toasts animate out). */
export function Toaster() {
  const present = useSyncExternalStore(subscribeToastPresence, hasToasts, () => false);
  // Set in the render that first sees a toast (React's way to adjust state to a change, with no
  // effect and no extra commit); from then on the list stays.
  const [used, setUsed] = useState(false);
  if (present && !used) setUsed(true);
  if (!used && !present) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}
