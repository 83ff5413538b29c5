import type * as React from "react";
import { cn } from "@/lib/shared/class-names";

// Each part is one component class (app/globals.css) and no data-slot mark (shadcn's): a page
// repeats a card's classes in its HTML and again in its RSC payload (issue 53). A caller's
// utilities still win over them (the components layer).

export function Card({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn("card", className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("card-header", className)} {...props} />;
}

export function CardTitle({ className, ...props }: React.ComponentProps<"h2">) {
  return <h2 className={cn("card-title", className)} {...props} />;
}

export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("card-content", className)} {...props} />;
}
