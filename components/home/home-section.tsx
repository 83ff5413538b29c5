import type * as React from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** A titled card section of the home page. */
export function HomeSection({ title, children, id }: { title: string; children: React.ReactNode; id?: string }) {
  return (
    <Card aria-labelledby={`${id ?? title}-title`} role="region" className="min-w-0">
      <CardHeader className="px-2 sm:px-5">
        <CardTitle id={`${id ?? title}-title`}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-5">{children}</CardContent>
    </Card>
  );
}
