import type * as React from "react";
import { cn } from "@/lib/shared/class-names";

/**
 * Rows', heads' and cells' own look is set once here, for every row and cell below, rather than on each
 * (issue 53): a home table's row carried it in its HTML and again in the page's RSC payload, 1.6 KB
 * a row. `:where()` gives these rules no weight, so a row's or cell's own class (`text-right`,
 * `max-sm:whitespace-normal`) and a table's `[&_td]:` classes still win, as they did on the element.
 */
const ROWS_AND_CELLS =
  "[:where(&_tr)]:border-b [:where(&_tr)]:transition-colors [:where(&_tr)]:hover:bg-muted/50 [:where(&_td)]:p-2 [:where(&_td)]:align-middle [:where(&_td)]:whitespace-nowrap " +
  "[:where(&_th)]:h-10 [:where(&_th)]:px-2 [:where(&_th)]:align-middle [:where(&_th)]:font-medium [:where(&_th)]:whitespace-nowrap [:where(&_th)]:text-muted-foreground";

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom text-sm", ROWS_AND_CELLS, className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

/** Styled by its table (ROWS_AND_CELLS). */
export function TableRow(props: React.ComponentProps<"tr">) {
  return <tr {...props} />;
}

/** `align` rather than a text-* class: the head sets its own alignment (cn() keeps both classes). */
export function TableHead({ className, align = "left", ...props }: Omit<React.ComponentProps<"th">, "align"> & { align?: "left" | "right" }) {
  return (
    // The rest of its look comes from its table (ROWS_AND_CELLS).
    <th className={cn(align === "right" ? "text-right" : "text-left", className)} {...props} />
  );
}

/** Styled by its table (ROWS_AND_CELLS). */
export function TableCell(props: React.ComponentProps<"td">) {
  return <td {...props} />;
}

export function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}
