"use client";

// The toasts' mount point. Radix Toast is loaded with the first toast rather than with the page:
// most visits never see one, and it would be a good part of every page's first-load script.
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { useToast } from "@/lib/use-toast";

const ToastList = dynamic(() => import("./toast-list").then((m) => m.ToastList), { ssr: false });

/** Mount once. Renders nothing until the first toast, then stays (closing toasts animate out). */
export function Toaster() {
  const { toasts } = useToast();
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setUsed(true);
  }, [toasts.length]);
  return used || toasts.length > 0 ? <ToastList toasts={toasts} /> : null;
}
