// The listing plans from the one catalogue (lib/orders/catalog.ts), as the price sheet shows
// them: a native radio group, so arrow keys move between plans.
import { Check } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { formatWholeUsd } from "@/lib/shared/format";
import { LISTING_PLANS, type ListingPlanId } from "@/lib/orders/catalog";

export function PlanPicker({ value, onChange, error }: { value: ListingPlanId | null; onChange: (plan: ListingPlanId) => void; error?: string }) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-3 text-lg font-semibold">Listing plan</legend>
      <div className="grid gap-3 md:grid-cols-3">
        {LISTING_PLANS.map((plan) => (
          <label
            key={plan.id}
            data-testid="plan-option"
            className="flex cursor-pointer flex-col gap-3 rounded-lg border p-4 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50"
          >
            <span className="flex flex-wrap items-center gap-2">
              <input
                type="radio"
                name={name}
                value={plan.id}
                checked={value === plan.id}
                onChange={() => onChange(plan.id)}
                className="size-4 accent-primary outline-none"
              />
              <span className="font-semibold">{plan.name}</span>
              {plan.recommended ? <Badge>Recommended</Badge> : null}
            </span>
            <span className="text-2xl font-bold tabular-nums">{formatWholeUsd(plan.priceUsd)}</span>
            <ul className="flex flex-col gap-1 text-sm" aria-label={`${plan.name} includes`}>
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-gain" />
                  {feature}
                </li>
              ))}
            </ul>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
