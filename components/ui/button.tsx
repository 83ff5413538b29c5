import type * as React from "react";
import { cn } from "@/lib/shared/class-names";

// The classes of every button: one variant and one size, the shape class-variance-authority gives
// (badge and toast keep it). The button is on every page's first load (the header's wallet button,
// the home page's compare form), and two lookups need no library there (issue 53).
const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";
const VARIANTS = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  destructive: "bg-destructive-surface text-white hover:bg-destructive-surface/90",
  outline: "border bg-transparent hover:bg-accent hover:text-accent-foreground",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  link: "text-primary underline-offset-4 hover:underline",
};
const SIZES = {
  default: "h-9 px-4 py-2",
  sm: "h-8 px-3",
  lg: "h-10 px-6",
  icon: "size-9",
};

type ButtonVariants = { variant?: keyof typeof VARIANTS | null; size?: keyof typeof SIZES | null; className?: string };

function buttonVariants({ variant, size, className }: ButtonVariants = {}): string {
  return cn(BASE, VARIANTS[variant ?? "default"], SIZES[size ?? "default"], className);
}

/**
 * A button. For a link that looks like one, put `buttonVariants()` on the link itself
 * (`<Link className={buttonVariants({ variant: "outline" })}>`): no Slot on every page's first load.
 */
export function Button({ className, variant, size, ...props }: React.ComponentProps<"button"> & Omit<ButtonVariants, "className">) {
  return <button data-slot="button" className={buttonVariants({ variant, size, className })} {...props} />;
}

export { buttonVariants };
