import type * as React from "react";

/**
 * A page section below a phone's first screen: the browser leaves out its style, layout and paint
 * until it comes near the screen (`.below-fold` in app/globals.css). A long page's first layout was
 * one task of 200 to 340 ms at 4× CPU, most of it sections nobody sees yet (issue 53).
 */
export function BelowFold({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={className ? `below-fold ${className}` : "below-fold"}>{children}</div>;
}
