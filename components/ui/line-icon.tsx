// A few of Lucide's line icons as plain SVG (its paths, one per icon; its stroke is `.line-icon`'s in
// app/globals.css), for what every page's first script or a server page's long lists draw (issue 53):
// lucide-react's icons are client components (its Icon reads a context), so a server page sent
// each one as a client reference to hydrate, and the first client one brought Lucide's 3 KB of
// icon machinery into every page's first load. Everything else keeps lucide-react.
// One export an icon, not one table: the build keeps only the icons some client code names, so a
// page's first script carries the selector's chevron and not the home page's megaphone.
import { cn } from "@/lib/shared/class-names";

export const CHEVRON_DOWN = { name: "chevron-down", d: "m6 9 6 6 6-6" } as const;
export const CROSS = { name: "x", d: "M18 6 6 18M6 6l12 12" } as const;
export const ARROW_RIGHT = { name: "arrow-right", d: "M5 12h14m-7-7 7 7-7 7" } as const;
export const ARROW_LEFT_RIGHT = { name: "arrow-left-right", d: "M8 3 4 7l4 4M4 7h16m-4 14 4-4-4-4m4 4H4" } as const;
export const CHECK = { name: "check", d: "M20 6 9 17l-5-5" } as const;
export const LINK_2 = { name: "link-2", d: "M9 17H7A5 5 0 0 1 7 7h2m6 0h2a5 5 0 1 1 0 10h-2m-7-5h8" } as const;
export const MEGAPHONE = { name: "megaphone", d: "M11 6a13 13 0 0 0 8.4-2.8A1 1 0 0 1 21 4v12a1 1 0 0 1-1.6.8A13 13 0 0 0 11 14H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM6 14a12 12 0 0 0 2.4 7.2 2 2 0 0 0 3.2-2.4A8 8 0 0 1 10 14M8 6v8" } as const;
// Lucide draws the lens as a <circle r=8> at (11,11); here it is the same circle as two arcs.
export const SEARCH = { name: "search", d: "m21 21-4.34-4.34M3 11a8 8 0 1 0 16 0 8 8 0 1 0-16 0" } as const;

/** An icon: Lucide's name for it (the `lucide-{name}` class) and its path. */
export type LineIconShape = { name: string; d: string };

/** Decorative unless `label` is given (then it is an image with that name). Size it with a class. */
export function LineIcon({ icon, label, className }: { icon: LineIconShape; label?: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={cn("line-icon", `lucide-${icon.name}`, className)} {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}>
      <path d={icon.d} />
    </svg>
  );
}
