import type * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** A titled card section of the home page. */
export function HomeSection({ title, children, id }: { title: string; children: React.ReactNode; id?: string }) {
  // aria-labelledby takes a space-separated list of ids, so the id must have no spaces.
  const titleId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-title`;
  return (
    <Card aria-labelledby={titleId} role="region" className="min-w-0">
      <CardHeader className="max-sm:px-2">
        <CardTitle id={titleId}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="max-sm:px-2">{children}</CardContent>
    </Card>
  );
}
