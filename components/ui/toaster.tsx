"use client";

// The toasts' mount point. Radix Toast is loaded with the first toast rather than with the page:
// most visits never see one, and it would be a good part of every page's first-load script.
import { lazy, Suspense, useState } from "react";
import { useToast } from "@/components/ui/use-toast";

const ToastList = lazy(() => import("./toast-list").then((m) => ({ default: m.ToastList })));

/** Mount once. Renders nothing until the first toast, then stays (closing toasts animate out). */
export function Toaster() {
  const { toasts } = useToast();
  // Set in the render that first sees a toast (React's way to adjust state to a change, with no
  // effect and no extra commit); from then on the list stays.
  const [used, setUsed] = useState(false);
  if (toasts.length > 0 && !used) setUsed(true);
  if (!used && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toasts={toasts} />
    </Suspense>
  );
}
