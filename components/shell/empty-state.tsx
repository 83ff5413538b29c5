import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { StateCard } from "./state-card";

export function EmptyState({ title, linkLabel, href = "/" }: { title: string; linkLabel: string; href?: string }) {
  return (
    <StateCard title={title}>
      <Link href={href} className={buttonVariants({ variant: "outline" })}>
        {linkLabel}
      </Link>
    </StateCard>
  );
}
