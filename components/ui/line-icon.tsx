// A few of Lucide's line icons as plain SVG (its paths, one per icon; its stroke is `.line-icon`'s in
// app/globals.css), for what every page's first script or a server page's long lists draw (issue 53):
// lucide-react's icons are client components (its Icon reads a context), so a server page sent
// each one as a client reference to hydrate, and the first client one brought Lucide's 3 KB of
// icon machinery into every page's first load. Everything else keeps lucide-react.
// The paths are in line-icons.ts, not here: this module is in every page's first script (the coin
// selector draws its chevron with it), and the build keeps in a module every icon that any client
// code names, so there they reach only the chunks of the code that draws them.
import { cn } from "@/lib/shared/class-names";

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
