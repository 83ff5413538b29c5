import { cn } from "@/lib/shared/class-names";

/** One labelled figure of the coin page. `small`: a text, not a number. */
export function Fact({
  label,
  children,
  testId,
  title,
  small = false,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
  title?: string;
  small?: boolean;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground" title={title}>
        {label}
      </dt>
      <dd className={cn("mt-1 break-words", small ? "text-sm" : "text-lg font-semibold tabular-nums")} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
