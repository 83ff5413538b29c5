"use client";

// The toasts' mount point. Radix Toast is loaded with the first toast rather than with the page:
// most visits never see one, and it would be a good part of every page's first-load script.
import { lazy, Suspense, useEffect, useState } from "react";
import { useToast } from "@/components/ui/use-toast";

const ToastList = lazy(() => import("./toast-list").then((m) => ({ default: m.ToastList })));

/** Mount once. Renders nothing until the first toast, then stays (closing toasts animate out). */
export function Toaster() {
  const { toasts } = useToast();
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setUsed(true);
  }, [toasts.length]);
  if (!used && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toasts={toasts} />
    </Suspense>
  );
}
