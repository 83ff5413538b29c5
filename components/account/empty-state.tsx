import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

export function EmptyState({ title, linkLabel, href = "/" }: { title: string; linkLabel: string; href?: string }) {
  return (
    <Card className="mx-auto w-full max-w-md text-center">
      <CardContent className="flex flex-col items-center gap-3 py-10">
        <h2 className="text-lg font-semibold">{title}</h2>
        <Button asChild variant="outline">
          <Link href={href}>{linkLabel}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
