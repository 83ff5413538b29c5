import Link from "next/link";
import { Button } from "@/components/ui/button";
import { StateCard } from "./state-card";

export function EmptyState({ title, linkLabel, href = "/" }: { title: string; linkLabel: string; href?: string }) {
  return (
    <StateCard title={title}>
      <Button asChild variant="outline">
        <Link href={href}>{linkLabel}</Link>
      </Button>
    </StateCard>
  );
}
