// The pair page's save and watch buttons against a fake of our API: who sees them, what each
// sends, its pending state (only its own button), the toasts, and a 401 ending the session.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PairView } from "@/components/compare/pair-view";
import { Toaster } from "@/components/ui/toaster";
import { computeComparison } from "@/lib/compare/comparison";
import { apiError, hold, json, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderWithQueryClient, type AuthAnswer } from "@/tests/helpers/render-with-query";
import { expectToast, useToastReset, visibleToasts } from "@/tests/helpers/toasts";
import { big, savedComparison, seedPriceContext, tiny, watchlistEntry } from "@/tests/components/fixtures";

const api = useFakeApi();
useToastReset();

/**
 * The pair page of TINY at BIG's market cap (server-rendered in the app; its data is props), with
 * its buttons' code loaded for a visitor holding the "signed in" hint.
 */
async function renderResult(auth: AuthAnswer = alice) {
  const rendered = renderWithQueryClient(
    <>
      <PairView result={computeComparison(tiny, big)} related={[]} siteUrl="https://pulsecompare.test" priceContext={seedPriceContext} plsUsd={null} />
      <Toaster />
    </>,
    auth,
  );
  if (auth && auth !== "pending") await screen.findByTestId("comparison-actions");
  else await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return rendered;
}

/** Every call to our API: the page itself needs none. */
const writesAndAuth = () => api.calls();

const result = () => screen.getByTestId("comparison-result");
const button = (name: string) => within(result()).getByRole("button", { name });

test("a signed-out visitor sees the result without save or watch buttons", async () => {
  await renderResult(null);
  expect(screen.getByTestId("multiplier")).toHaveTextContent("100x");
  expect(screen.queryByTestId("comparison-actions")).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /Save Comparison|Watch|Alert me/ })).not.toBeInTheDocument();
  // Alerts need a signed-in wallet: the place of 'Alert me' says so.
  expect(screen.getByTestId("alert-sign-in-hint")).toHaveTextContent("Log in to be alerted when TINY reaches BIG's market cap.");
  expect(writesAndAuth()).toHaveLength(0);
});

test("no buttons while the signed-in state is still loading", async () => {
  api.on("GET /api/auth/user", hold());
  await renderResult("pending");
  expect(screen.getByTestId("comparison-result")).toBeInTheDocument();
  expect(screen.queryByRole("button", { name: /Save Comparison|Watch/ })).not.toBeInTheDocument();
});

test("a signed-in user gets 'Save Comparison', 'Watch TINY', 'Watch BIG' and 'Alert me', all enabled", async () => {
  await renderResult();
  const actions = within(screen.getByTestId("comparison-actions")).getAllByRole("button");
  expect(actions.map((b) => b.textContent)).toEqual(["Save Comparison", "Watch TINY", "Watch BIG", "Alert me"]);
  for (const b of actions) expect(b).toBeEnabled();
  expect(writesAndAuth()).toHaveLength(0);
});

describe("Save Comparison", () => {
  test("sends POST /api/saved-comparisons as JSON; only its own button waits; success toast", async () => {
    const user = userEvent.setup();
    const answer = hold();
    api.on("POST /api/saved-comparisons", answer);
    await renderResult();

    await user.click(button("Save Comparison"));
    const [call, ...more] = api.calls("POST /api/saved-comparisons");
    expect(more).toHaveLength(0);
    expect(call!.body).toEqual({ coin1Id: "tiny", coin2Id: "big" });
    expect(call!.headers["content-type"]).toBe("application/json");
    await waitFor(() => expect(button("Save Comparison")).toBeDisabled());
    expect(button("Watch TINY")).toBeEnabled();
    expect(button("Watch BIG")).toBeEnabled();
    expect(visibleToasts()).toHaveLength(0);

    answer.release(json(savedComparison(1, tiny, big), 201));
    await expectToast({ title: "Comparison saved", description: "The comparison has been added to your saved list." });
    await waitFor(() => expect(button("Save Comparison")).toBeEnabled());
    // Nothing else was asked for: the saved list isn't on this page, so there is nothing to refetch.
    expect(writesAndAuth().map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/saved-comparisons"]);
  });

  test("a failure shows the destructive error toast and enables the button again", async () => {
    const user = userEvent.setup();
    const answer = hold();
    api.on("POST /api/saved-comparisons", answer);
    await renderResult();

    await user.click(button("Save Comparison"));
    await waitFor(() => expect(button("Save Comparison")).toBeDisabled());
    answer.release(apiError(500));
    await expectToast({ title: "Error", description: "Failed to save comparison. Please try again.", variant: "destructive" });
    await waitFor(() => expect(button("Save Comparison")).toBeEnabled());
    // Still signed in: a 500 does not re-ask who is signed in.
    expect(api.calls("GET /api/auth/user")).toHaveLength(0);
    expect(button("Watch TINY")).toBeEnabled();
  });

  test("a 401 (session ended) shows the error toast and re-asks who is signed in", async () => {
    const user = userEvent.setup();
    api.on("POST /api/saved-comparisons", apiError(401, "UNAUTHORIZED", "Sign in first."));
    const who = hold();
    api.on("GET /api/auth/user", who);
    await renderResult();

    await user.click(button("Save Comparison"));
    await expectToast({ title: "Error", description: "Failed to save comparison. Please try again.", variant: "destructive" });
    await waitFor(() => expect(api.calls("GET /api/auth/user")).toHaveLength(1));

    // The server says nobody is signed in: the buttons go away.
    who.release(apiError(401));
    await waitFor(() => expect(screen.queryByTestId("comparison-actions")).not.toBeInTheDocument());
    expect(screen.getByTestId("multiplier")).toHaveTextContent("100x");
  });
});

describe("Watch buttons", () => {
  test("'Watch TINY' sends POST /api/watchlist {coinId}; only its own button waits; success toast", async () => {
    const user = userEvent.setup();
    const answer = hold();
    api.on("POST /api/watchlist", answer);
    await renderResult();

    await user.click(button("Watch TINY"));
    const calls = api.calls("POST /api/watchlist");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ coinId: "tiny" });
    expect(calls[0]!.headers["content-type"]).toBe("application/json");
    await waitFor(() => expect(button("Watch TINY")).toBeDisabled());
    expect(button("Watch BIG")).toBeEnabled();
    expect(button("Save Comparison")).toBeEnabled();

    answer.release(json(watchlistEntry(1, tiny), 201));
    await expectToast({ title: "Added to watchlist", description: "The coin has been added to your watchlist." });
    await waitFor(() => expect(button("Watch TINY")).toBeEnabled());
  });

  test("'Watch BIG' sends coin 2's id; a failure shows the destructive error toast and re-enables it", async () => {
    const user = userEvent.setup();
    const answer = hold();
    api.on("POST /api/watchlist", answer);
    await renderResult();

    await user.click(button("Watch BIG"));
    expect(api.calls("POST /api/watchlist").map((c) => c.body)).toEqual([{ coinId: "big" }]);
    await waitFor(() => expect(button("Watch BIG")).toBeDisabled());
    expect(button("Watch TINY")).toBeEnabled();

    answer.release(apiError(500));
    await expectToast({ title: "Error", description: "Failed to add to watchlist. Please try again.", variant: "destructive" });
    await waitFor(() => expect(button("Watch BIG")).toBeEnabled());
  });

  test("a 401 re-asks who is signed in", async () => {
    const user = userEvent.setup();
    api.on("POST /api/watchlist", apiError(401, "UNAUTHORIZED", "Sign in first."));
    api.on("GET /api/auth/user", apiError(401));
    await renderResult();

    await user.click(button("Watch BIG"));
    await expectToast({ title: "Error", description: "Failed to add to watchlist. Please try again.", variant: "destructive" });
    await waitFor(() => expect(screen.queryByTestId("comparison-actions")).not.toBeInTheDocument());
    expect(api.calls("GET /api/auth/user")).toHaveLength(1);
  });
});
