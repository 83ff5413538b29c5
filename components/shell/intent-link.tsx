"use client";

// A next/link that prefetches its page once the visitor shows intent (a pointer over it, a touch,
// keyboard focus), not as soon as it scrolls into view. Next prefetches every link in view by
// default: the header's three links and a page's own buttons made 6 to 8 requests on every page's
// load, and reading their answers cost a phone about 250 ms of main thread at 4x CPU (issue 53,
// measured by blocking them). A page is one cached HTML, so a link followed without a prefetch
// still opens quickly. The pattern is Next's own (docs: Prefetching, "Hover-triggered prefetch").
import Link from "next/link";
import { useState, type ComponentProps } from "react";

export function IntentLink({ onMouseEnter, onTouchStart, onFocus, ...props }: Omit<ComponentProps<typeof Link>, "prefetch">) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      // null is Next's default strategy: with it the link registers again and, being in view, prefetches.
      prefetch={intent ? null : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
    />
  );
}
