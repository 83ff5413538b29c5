"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { getQueryClient } from "@/lib/api/query-client.browser";

/**
 * Gives TanStack Query's hooks the browser's one client. Not a root provider: it wraps each part
 * of a page that reads data in the browser, inside the code that part loads when first needed, so
 * TanStack Query stays off the first load of pages that read nothing at once. Nested or side by
 * side, every QueryProvider holds the same client and so the same cache.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
