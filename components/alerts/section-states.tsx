import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";

// The /alerts sections' own loading and error states: smaller than the account pages' full-page
// ones (components/shell), since three sections share the page and each loads by itself.

export function SectionSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex justify-center py-6 text-muted-foreground">
      <Loader2 className="size-6 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-2 py-2">
      <p role="alert" className="text-sm">
        {message} Check your connection and try again.
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
