import { Skeleton } from "@/components/ui/skeleton";

/** Holds the wallet button's place while its state is not known yet (no layout shift). */
export function WalletButtonPlaceholder() {
  return <Skeleton className="h-8 w-[7.5rem] rounded-md" aria-label="Loading wallet" role="status" />;
}
