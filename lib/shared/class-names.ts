import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (clsx). It does not resolve Tailwind conflicts: a component's own classes and
 * a caller's must never set the same property, because which of two such utilities wins depends on
 * Tailwind's CSS order, not on the order here. To change a default, callers use a variant the
 * default does not have (`max-sm:px-2` over `px-5`, `data-recommended:bg-primary/5` over
 * `bg-card`) or the component takes a prop (Badge's `muted`, TableHead's `align`).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
