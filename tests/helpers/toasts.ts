// Toasts in component tests. The toast store (components/ui/use-toast.ts) lives at module level, so a toast
// from one test would still be on screen in the next: useToastReset() clears it after each test
// (dismiss, then flush the removal delay).
// Render <Toaster /> next to the component under test to see the toasts.
import { act, screen, waitFor, within } from "@testing-library/react";
import { TOAST_REMOVE_DELAY, toast } from "@/components/ui/use-toast";

export function useToastReset(): void {
  afterEach(() => {
    jest.useFakeTimers();
    act(() => {
      toast({ title: "reset" }).dismiss();
      jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
    });
    jest.useRealTimers();
  });
}

/** The Toaster's notifications region (there from the first toast on: Radix loads with it). */
export function toastRegion(): HTMLElement {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

/** The toasts on screen (Radix renders each as a list item of the region); none before the first. */
export function visibleToasts(): HTMLElement[] {
  const region = screen.queryByRole("region", { name: "Notifications (F8)" });
  return region ? within(region).queryAllByRole("listitem") : [];
}

type Expected = { title: string; description: string; variant?: "default" | "destructive" };

/** Waits for the one toast on screen to read `title` / `description`, in `variant` (default "default"). */
export async function expectToast({ title, description, variant = "default" }: Expected): Promise<HTMLElement> {
  return waitFor(() => {
    const toasts = visibleToasts();
    expect(toasts).toHaveLength(1);
    const [item] = toasts as [HTMLElement];
    expect(within(item).getByText(title)).toBeInTheDocument();
    expect(within(item).getByText(description)).toBeInTheDocument();
    // components/ui/toast.tsx marks the variant with data-variant and the destructive token classes.
    expect(item).toHaveAttribute("data-variant", variant);
    if (variant === "destructive") expect(item).toHaveClass("destructive", "bg-destructive-surface");
    else expect(item).not.toHaveClass("bg-destructive-surface");
    return item;
  });
}
