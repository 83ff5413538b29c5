import { Button } from "@/components/ui/button";
import { StateCard } from "./state-card";

/** A list that could not be loaded: say so and offer another try (the app never retries by itself). */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <StateCard title={title}>
      <p role="alert" className="text-sm text-muted-foreground">
        Check your connection and try again.
      </p>
      {/* Retrying puts the list back to loading (the spinner), so the button needs no busy state. */}
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </StateCard>
  );
}
