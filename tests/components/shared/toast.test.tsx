import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { ToastAction } from "@/components/ui/toast";
import { Toaster } from "@/components/ui/toaster";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, toast } from "@/components/ui/use-toast";
import { useToastReset } from "@/tests/helpers/toasts";

useToastReset();

function region(): HTMLElement {
  return screen.getByRole("region", { name: "Notifications (F8)" });
}

function visibleToasts(): HTMLElement[] {
  return within(region()).queryAllByRole("listitem");
}

test("uses the spec's constants", () => {
  expect(TOAST_LIMIT).toBe(1);
  expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
});

test("nothing is rendered (nor Radix loaded) before the first toast", () => {
  const { container } = render(<Toaster />);
  expect(container).toBeEmptyDOMElement();
  expect(screen.queryByRole("region")).not.toBeInTheDocument();
});

test("shows a toast's title and description in the F8-labelled region", async () => {
  render(<Toaster />);
  act(() => {
    toast({ title: "Saved", description: "Your comparison was saved." });
  });

  expect(await screen.findByRole("region", { name: "Notifications (F8)" })).toBeInTheDocument();
  await screen.findByText("Saved");
  const [item] = visibleToasts();
  expect(visibleToasts()).toHaveLength(1);
  expect(within(item!).getByText("Saved")).toBeInTheDocument();
  expect(within(item!).getByText("Your comparison was saved.")).toBeInTheDocument();
  expect(item).toHaveAttribute("data-variant", "default");
  expect(item).not.toHaveClass("bg-destructive-surface");
  expect(item).toHaveAttribute("data-swipe-direction", "right");
});

test("a new toast replaces the one on screen", async () => {
  render(<Toaster />);
  act(() => {
    toast({ title: "First" });
  });
  await screen.findByText("First");
  act(() => {
    toast({ title: "Second", description: "Replaces the first" });
  });
  const items = visibleToasts();
  expect(items).toHaveLength(1);
  expect(within(items[0]!).getByText("Second")).toBeInTheDocument();
  expect(within(region()).queryByText("First")).not.toBeInTheDocument();
});

test("the destructive variant uses the destructive token", () => {
  render(<Toaster />);
  act(() => {
    toast({ title: "Failed", description: "Could not load prices", variant: "destructive" });
  });
  const [item] = visibleToasts();
  expect(item).toHaveClass("bg-destructive-surface", "border-destructive-surface");
  expect(item).toHaveAttribute("data-variant", "destructive");
});

test("renders an action", () => {
  render(<Toaster />);
  act(() => {
    toast({
      title: "Removed",
      action: <ToastAction altText="Undo the removal">Undo</ToastAction>,
    });
  });
  expect(within(visibleToasts()[0]!).getByRole("button", { name: "Undo" })).toBeInTheDocument();
});

test("the close button dismisses the toast", () => {
  render(<Toaster />);
  act(() => {
    toast({ title: "Closable" });
  });
  fireEvent.click(within(visibleToasts()[0]!).getByRole("button", { name: "Close" }));
  expect(visibleToasts()).toHaveLength(0);
  expect(within(region()).queryByText("Closable")).not.toBeInTheDocument();
});

test("closes itself after 5000 ms", () => {
  jest.useFakeTimers();
  render(<Toaster />);
  act(() => {
    toast({ title: "Short-lived" });
  });
  act(() => {
    jest.advanceTimersByTime(4999);
  });
  expect(within(region()).getByText("Short-lived")).toBeInTheDocument();
  act(() => {
    jest.advanceTimersByTime(1);
  });
  expect(within(region()).queryByText("Short-lived")).not.toBeInTheDocument();
  expect(visibleToasts()).toHaveLength(0);
});

test("the returned handle dismisses and updates its toast", () => {
  render(<Toaster />);
  let handle: ReturnType<typeof toast>;
  act(() => {
    handle = toast({ title: "Loading" });
  });
  act(() => handle.update({ title: "Loaded" }));
  expect(within(visibleToasts()[0]!).getByText("Loaded")).toBeInTheDocument();
  act(() => handle.dismiss());
  expect(visibleToasts()).toHaveLength(0);
});

test("once a toast has been shown the region stays, even when every toast is gone", async () => {
  render(<Toaster />);
  act(() => {
    toast({ title: "Gone soon" });
  });
  await screen.findByText("Gone soon");
  jest.useFakeTimers();
  act(() => {
    toast({ title: "Gone" }).dismiss();
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY);
  });
  jest.useRealTimers();
  expect(region()).toBeInTheDocument();
  expect(visibleToasts()).toHaveLength(0);
});

test("a toast raised before the Toaster mounts shows once it does", async () => {
  act(() => {
    toast({ title: "Early" });
  });
  render(<Toaster />);
  expect(await screen.findByText("Early")).toBeInTheDocument();
});

test("the server's HTML holds no toasts, and hydration matches it", async () => {
  expect(renderToString(<Toaster />)).toBe("");
  const container = document.body.appendChild(document.createElement("div"));
  const onRecoverableError = jest.fn();
  const root = await act(async () => hydrateRoot(container, <Toaster />, { onRecoverableError }));
  expect(container).toBeEmptyDOMElement();
  act(() => {
    toast({ title: "After hydration" });
  });
  expect(await screen.findByText("After hydration")).toBeInTheDocument();
  expect(onRecoverableError).not.toHaveBeenCalled();
  act(() => root.unmount());
  container.remove();
});
