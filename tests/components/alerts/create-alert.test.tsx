// "Alert me" in each place it is offered, against a fake of our API: the dialog's choices make
// the right POST /api/alerts body, a success toasts with a link to /alerts, a refusal (the
// 50-rule limit, a bad field) is said in words in the dialog; signed out, the pair and coin pages
// say how to get alerts instead.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SavedView } from "@/components/compare/saved-view";
import { WatchlistView } from "@/components/account/watchlist-view";
import { AlertEntry } from "@/components/alerts/alert-entry";
import type { AlertSubject } from "@/components/alerts/alert-subject";
import { CreateAlertButton } from "@/components/alerts/create-alert-button";
import { PairActions } from "@/components/compare/pair-actions";
import { apiError, json, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderPageWithToaster, renderWithQueryClient } from "@/tests/helpers/render-with-query";
import { useToastReset, visibleToasts } from "@/tests/helpers/toasts";
import { alertRule } from "./alerts-fixtures";
import { big, makeCoin, savedComparison, seedPriceContext, tiny, watchlistEntry } from "@/tests/components/fixtures";

const api = useFakeApi();
useToastReset();

const hexCoin = { id: "hex", symbol: "HEX" };
const btcCoin = { id: "btc", symbol: "BTC" };
const pair: AlertSubject = { kind: "pair", coin: hexCoin, other: btcCoin, athTarget: true };

/** Answers POST /api/alerts with a rule saying `description`, and returns the bodies sent. */
function acceptAlerts(description = "HEX reaches BTC's market cap") {
  api.on("POST /api/alerts", json(alertRule({ id: 11, description }), 201));
  return () => api.calls("POST /api/alerts").map((call) => call.body);
}

async function openDialog(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name }));
  const dialog = await screen.findByRole("dialog", { name });
  return { user, dialog };
}

describe("a pair", () => {
  test("1× of B's market cap by default; the toast links to /alerts and focus goes back to the button", async () => {
    const sent = acceptAlerts();
    renderPageWithToaster(<CreateAlertButton subject={pair} />, alice);
    const { user, dialog } = await openDialog("Alert me when HEX reaches BTC's market cap");
    expect(within(dialog).getByTestId("alert-preview")).toHaveTextContent("Alert me when HEX reaches BTC's market cap.");
    await user.click(within(dialog).getByRole("button", { name: "Create alert" }));
    await waitFor(() => expect(sent()).toEqual([{ kind: "reach", coinId: "hex", otherCoinId: "btc", multiple: 1 }]));
    await waitFor(() => expect(visibleToasts()).toHaveLength(1));
    const toast = visibleToasts()[0]!;
    expect(toast).toHaveTextContent("Alert created");
    expect(toast).toHaveTextContent("HEX reaches BTC's market cap.");
    expect(within(toast).getByRole("link", { name: "See your alerts" })).toHaveAttribute("href", "/alerts");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Alert me when HEX reaches BTC's market cap" })).toHaveFocus();
  });

  test("half of B's all-time-high market cap", async () => {
    const sent = acceptAlerts();
    renderPageWithToaster(<CreateAlertButton subject={pair} />, alice);
    const { user, dialog } = await openDialog("Alert me when HEX reaches BTC's market cap");
    await user.click(within(dialog).getByRole("radio", { name: "BTC's all-time-high market cap" }));
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "How much of it" }), "Half (0.5×)");
    expect(within(dialog).getByTestId("alert-preview")).toHaveTextContent("Alert me when HEX reaches 50% of BTC's all-time-high market cap.");
    await user.click(within(dialog).getByRole("button", { name: "Create alert" }));
    await waitFor(() => expect(sent()).toEqual([{ kind: "reach_ath", coinId: "hex", otherCoinId: "btc", multiple: 0.5 }]));
  });

  test("no all-time-high choice where B has no high", async () => {
    renderPageWithToaster(<CreateAlertButton subject={{ ...pair, athTarget: false }} />, alice);
    const { dialog } = await openDialog("Alert me when HEX reaches BTC's market cap");
    expect(within(dialog).queryByRole("radio")).toBeNull();
  });

  test("at the 50-rule limit the server's refusal is said in the dialog, which stays open", async () => {
    api.on("POST /api/alerts", apiError(409, "too_many_alerts", "You have 50 alerts, the most allowed."));
    renderPageWithToaster(<CreateAlertButton subject={pair} />, alice);
    const { user, dialog } = await openDialog("Alert me when HEX reaches BTC's market cap");
    await user.click(within(dialog).getByRole("button", { name: "Create alert" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You have 50 alerts, the most allowed. Delete one on your alerts page to make room.");
    expect(visibleToasts()).toHaveLength(0);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

describe("a coin", () => {
  const coin: AlertSubject = { kind: "coin", coin: hexCoin };

  test("market cap below a typed '$100B'", async () => {
    const sent = acceptAlerts("HEX market cap goes below $100B");
    renderPageWithToaster(<CreateAlertButton subject={coin} />, alice);
    const { user, dialog } = await openDialog("Alert me about HEX");
    await user.click(within(dialog).getByRole("radio", { name: "Market cap crosses a level" }));
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Goes" }), "below");
    const create = within(dialog).getByRole("button", { name: "Create alert" });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByRole("textbox", { name: "Market cap" }), "$100B");
    expect(within(dialog).getByTestId("alert-preview")).toHaveTextContent("Alert me when HEX's market cap falls below $100.00B.");
    await user.click(create);
    await waitFor(() => expect(sent()).toEqual([{ kind: "market_cap", coinId: "hex", direction: "below", level: 100_000_000_000 }]));
  });

  test("price above '0.0021'; a mistyped price is refused beside the field", async () => {
    const sent = acceptAlerts("HEX price goes above $0.0021");
    renderPageWithToaster(<CreateAlertButton subject={coin} />, alice);
    const { user, dialog } = await openDialog("Alert me about HEX");
    const field = within(dialog).getByRole("textbox", { name: "Price" });
    await user.type(field, "abc");
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Enter a price like 0.0021 or $1.50.");
    await user.clear(field);
    await user.type(field, "0.0021");
    await user.click(within(dialog).getByRole("button", { name: "Create alert" }));
    await waitFor(() => expect(sent()).toEqual([{ kind: "price", coinId: "hex", direction: "above", level: 0.0021 }]));
  });

  test("a new all-time high, and a 10% move in 24h", async () => {
    const sent = acceptAlerts("HEX makes a new all-time high");
    renderPageWithToaster(<CreateAlertButton subject={coin} />, alice);
    let { user, dialog } = await openDialog("Alert me about HEX");
    await user.click(within(dialog).getByRole("radio", { name: "Price makes a new all-time high" }));
    await user.click(within(dialog).getByRole("button", { name: "Create alert" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    ({ user, dialog } = await openDialog("Alert me about HEX"));
    await user.click(within(dialog).getByRole("radio", { name: "Price moves by a percentage in 24 hours" }));
    expect(within(dialog).getByRole("spinbutton", { name: "Moves by (%, up or down)" })).toHaveValue(10);
    await user.click(within(dialog).getByRole("button", { name: "Create alert" }));
    await waitFor(() =>
      expect(sent()).toEqual([
        { kind: "new_ath", coinId: "hex" },
        { kind: "move_24h", coinId: "hex", percent: 10 },
      ]),
    );
  });

  test("a bad field answered 400 is said in the server's words", async () => {
    api.on("POST /api/alerts", apiError(400, "bad_request", "coinId: Unknown coin \"hex\"."));
    renderPageWithToaster(<CreateAlertButton subject={coin} />, alice);
    const { user, dialog } = await openDialog("Alert me about HEX");
    await user.click(within(dialog).getByRole("radio", { name: "Price makes a new all-time high" }));
    await user.click(within(dialog).getByRole("button", { name: "Create alert" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent('coinId: Unknown coin "hex".');
  });
});

describe("where it is offered", () => {
  test("each watchlist card has 'Alert me' for its coin", async () => {
    const sent = acceptAlerts();
    api.on("GET /api/watchlist", json([watchlistEntry(1, tiny), watchlistEntry(2, big)]));
    renderPageWithToaster(<WatchlistView priceContext={seedPriceContext} />, alice);
    const { user, dialog } = await openDialog("Alert me about BIG");
    await user.click(within(dialog).getByRole("radio", { name: "Price makes a new all-time high" }));
    await user.click(within(dialog).getByRole("button", { name: "Create alert" }));
    await waitFor(() => expect(sent()).toEqual([{ kind: "new_ath", coinId: "big" }]));
  });

  test("each saved comparison has 'Alert me' for its pair, with the all-time-high target where coin 2 has one", async () => {
    const sent = acceptAlerts();
    const highBig = makeCoin({ ...big, athMarketCap: 2_000_000_000 });
    api.on("GET /api/saved-comparisons", json([savedComparison(7, tiny, highBig), savedComparison(8, highBig, tiny)]));
    renderPageWithToaster(<SavedView />, alice);
    const { user, dialog } = await openDialog("Alert me when TINY reaches BIG's market cap");
    await user.click(within(dialog).getByRole("radio", { name: "BIG's all-time-high market cap" }));
    await user.click(within(dialog).getByRole("button", { name: "Create alert" }));
    await waitFor(() => expect(sent()).toEqual([{ kind: "reach_ath", coinId: "tiny", otherCoinId: "big", multiple: 1 }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // TINY has no high: no such choice for BIG vs TINY.
    const other = await openDialog("Alert me when BIG reaches TINY's market cap");
    expect(within(other.dialog).queryByRole("radio")).toBeNull();
  });

  test("the pair page, signed out: a sign-in hint that comes back to the pair", () => {
    renderWithQueryClient(<PairActions coin1={hexCoin} coin2={btcCoin} athTarget />, null);
    const hint = screen.getByTestId("alert-sign-in-hint");
    expect(hint).toHaveTextContent("Log in to be alerted when HEX reaches BTC's market cap.");
    expect(within(hint).getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login?returnTo=%2Fcompare%2Fhex%2Fbtc");
    expect(screen.queryByRole("button", { name: /Alert me/ })).toBeNull();
  });

  test("the pair page, signed in: 'Alert me' beside Save and Watch", async () => {
    renderWithQueryClient(<PairActions coin1={hexCoin} coin2={btcCoin} athTarget />, alice);
    const actions = await screen.findByTestId("comparison-actions");
    expect(within(actions).getByRole("button", { name: "Alert me when HEX reaches BTC's market cap" })).toBeInTheDocument();
    expect(within(actions).getByRole("button", { name: "Save Comparison" })).toBeInTheDocument();
    expect(screen.queryByTestId("alert-sign-in-hint")).toBeNull();
  });

  test("the coin page: the sign-in hint signed out, the button signed in", async () => {
    const subject: AlertSubject = { kind: "coin", coin: hexCoin };
    const what = "about HEX's price, market cap or a new high";
    const { unmount } = renderWithQueryClient(<AlertEntry subject={subject} what={what} returnTo="/coins/hex" />, null);
    expect(screen.getByTestId("alert-sign-in-hint")).toHaveTextContent("Log in to be alerted about HEX's price, market cap or a new high.");
    expect(within(screen.getByTestId("alert-sign-in-hint")).getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login?returnTo=%2Fcoins%2Fhex");
    unmount();
    renderWithQueryClient(<AlertEntry subject={subject} what={what} returnTo="/coins/hex" />, alice);
    expect(await screen.findByRole("button", { name: "Alert me about HEX" })).toBeInTheDocument();
    expect(screen.queryByTestId("alert-sign-in-hint")).toBeNull();
  });
});
