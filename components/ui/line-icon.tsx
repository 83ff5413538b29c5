// A few of Lucide's line icons as plain SVG (its paths, one per icon; its stroke is `.line-icon`'s in
// app/globals.css), for what every page's first script or a server page's long lists draw (issue 53):
// lucide-react's icons are client components (its Icon reads a context), so a server page sent
// each one as a client reference to hydrate, and the first client one brought Lucide's 3 KB of
// icon machinery into every page's first load. Everything else keeps lucide-react.
import { cn } from "@/lib/shared/class-names";

const PATHS = {
  "arrow-up": "m5 12 7-7 7 7M12 19V5",
  "arrow-down": "M12 5v14m7-2-7 7-7-7",
  "chevron-down": "m6 9 6 6 6-6",
  x: "M18 6 6 18M6 6l12 12",
} as const;

export type LineIconName = keyof typeof PATHS;

/** Decorative unless `label` is given (then it is an image with that name). Size it with a class. */
export function LineIcon({ name, label, className }: { name: LineIconName; label?: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={cn("line-icon", `lucide-${name}`, className)} {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}>
      <path d={PATHS[name]} />
    </svg>
  );
}
