import { Button } from "@/components/ui/button";
import { StateCard } from "./state-card";

/** A list that could not be loaded: say so and offer another try (the app never retries by itself). */
export function LoadError({ title, onRetry, retrying }: { title: string; onRetry: () => void; retrying: boolean }) {
  return (
    <StateCard title={title}>
      <p role="alert" className="text-sm text-muted-foreground">
        Check your connection and try again.
      </p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </StateCard>
  );
}
