import { act, cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CompareSection } from "@/components/home/compare-section";
import { toCoinIndexRows } from "@/lib/coins/coin-index";
import { apiError, hold, json, noContent, useFakeApi } from "@/tests/helpers/fake-api";
import { chooseCoin } from "@/tests/helpers/choose-coin";
import { TEST_INDEX_VERSION, coinReads, serveCoins } from "@/tests/helpers/coin-api";
import { openAddress, useAddressBar } from "@/tests/helpers/address-bar";

jest.mock("next/navigation", () => jest.requireActual("@/tests/helpers/address-bar").navigationMock);
import { useListboxLayout } from "@/tests/helpers/listbox-layout";
import { renderWithQueryClient as render } from "@/tests/helpers/render-with-query";
import { big, makeCoin, tiny } from "@/tests/components/fixtures";

useListboxLayout();
const api = useFakeApi();

const other = makeCoin({ id: "other", symbol: "OTH", marketCap: 5e6 });
const coins = [tiny, big, other];

const address = useAddressBar();

beforeEach(() => {
  jest.useFakeTimers();
  api.on("POST /api/comparisons", noContent());
  serveCoins(api, coins);
});

const section = () => <CompareSection indexVersion={TEST_INDEX_VERSION} />;
afterEach(() => jest.useRealTimers());

test("Compare Now is disabled until two different coins are chosen", async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(section());
  const button = screen.getByRole("button", { name: "Compare Now" });
  expect(screen.getByRole("button", { name: /First coin/ })).toHaveTextContent("Select first coin");
  expect(screen.getByRole("button", { name: /Second coin/ })).toHaveTextContent("Select second coin");
  expect(button).toBeDisabled();

  await chooseCoin(user, /First coin/, "TINY");
  expect(button).toBeDisabled();
  await chooseCoin(user, /Second coin/, "TINY");
  expect(button).toBeDisabled();
  expect(screen.getByText("Pick two different coins to compare.")).toBeInTheDocument();
  await chooseCoin(user, /Second coin/, "BIG");
  expect(button).toBeEnabled();
});

test("pressing Compare Now reads 'Comparing...' for 800 ms, disabled, then opens the pair's page", async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(section());
  await chooseCoin(user, /First coin/, "TINY");
  await chooseCoin(user, /Second coin/, "BIG");
  await user.click(screen.getByRole("button", { name: "Compare Now" }));

  const busy = screen.getByRole("button", { name: "Comparing..." });
  expect(busy).toBeDisabled();
  // The pair page loads during the delay; it opens only when the 800 ms are over.
  expect(address.routerCalls).toEqual([{ method: "prefetch", href: "/compare/tiny/big" }]);
  act(() => jest.advanceTimersByTime(799));
  expect(busy).toBeDisabled();
  expect(address.routerCalls).toHaveLength(1);
  act(() => jest.advanceTimersByTime(1));
  expect(address.routerCalls.at(-1)).toEqual({ method: "push", href: "/compare/tiny/big" });
  // Until the pair page replaces this one, the button keeps saying so.
  expect(screen.getByRole("button", { name: "Comparing..." })).toBeDisabled();
  // The form itself reads no prices: the pair page has them.
  expect(coinReads(api)).toEqual([]);
});

test("the coin list loads when a selector is first reached for, once for both selectors", async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(section());
  expect(api.calls("GET /api/coin-index")).toHaveLength(0);
  await chooseCoin(user, /First coin/, "TINY");
  await chooseCoin(user, /Second coin/, "BIG");
  expect(api.calls("GET /api/coin-index").map((call) => call.url)).toEqual([`/api/coin-index?v=${TEST_INDEX_VERSION}`]);
  // Choosing reads no prices: only the two compared coins are fetched, when compared.
  expect(coinReads(api)).toEqual([]);
});

test("a selector says the list is loading, and that it failed; opening it again retries", async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const index = hold();
  api.once("GET /api/coin-index", index);
  render(section());
  await user.click(screen.getByRole("button", { name: /First coin/ }));
  expect(screen.getByRole("status")).toHaveTextContent("Loading coins…");
  await act(async () => index.release(apiError(500)));
  await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Couldn't load the coin list."));
  await user.keyboard("{Escape}");
  await user.click(screen.getByRole("button", { name: /First coin/ }));
  expect(await screen.findByRole("option", { name: /^TINY/ })).toBeInTheDocument();
  expect(api.calls("GET /api/coin-index")).toHaveLength(2);
});

test("Enter pressed before the list arrives chooses the match once it does", async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const index = hold();
  api.once("GET /api/coin-index", index);
  render(section());
  act(() => screen.getByRole("button", { name: /First coin/ }).focus()); // starts the index's download
  await user.keyboard("{ArrowDown}big{Enter}");
  expect(screen.getByRole("combobox")).toBeInTheDocument();
  await act(async () => index.release(json({ version: TEST_INDEX_VERSION, coins: toCoinIndexRows(coins) })));
  await waitFor(() => expect(screen.getByRole("button", { name: /First coin/ })).toHaveTextContent("BIG"));
  expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
});

test("a coin in the address is picked in the first selector; another link replaces it", async () => {
  openAddress("/?coin1=tiny#compare");
  render(section());
  await waitFor(() => expect(screen.getByRole("button", { name: /First coin/ })).toHaveTextContent("TINY"));
  expect(screen.getByRole("button", { name: /Second coin/ })).toHaveTextContent("Select second coin");
  expect(coinReads(api)).toEqual([["tiny"]]);

  // Another recently listed coin: a navigation to the home page with that coin.
  await act(async () => address.navigate("/?coin1=other#compare"));
  await waitFor(() => expect(screen.getByRole("button", { name: /First coin/ })).toHaveTextContent("OTH"));
  expect(address.routerCalls).toEqual([]);
});

test("an unknown or malformed coin in the address leaves the form idle", async () => {
  openAddress("/?coin1=nope");
  const { unmount } = render(section());
  await act(async () => {});
  expect(screen.getByRole("button", { name: /First coin/ })).toHaveTextContent("Select first coin");
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  unmount();
  openAddress("/?coin1=HEX%3Cb%3E");
  render(section());
  await act(async () => {});
  expect(screen.getByRole("button", { name: /First coin/ })).toHaveTextContent("Select first coin");
  expect(coinReads(api)).toEqual([["nope"]]);
});

describe("counting comparisons for 'Most Compared Pairs'", () => {
  const counts = () => api.calls("POST /api/comparisons").map((call) => call.body);

  test("each press of Compare Now counts once, when its page opens", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(section());
    await chooseCoin(user, /First coin/, "TINY");
    await chooseCoin(user, /Second coin/, "BIG");
    await user.click(screen.getByRole("button", { name: "Compare Now" }));
    act(() => jest.advanceTimersByTime(799));
    expect(counts()).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    // The typed client loads the endpoint declarations with its first call, then posts.
    await waitFor(() => expect(counts()).toEqual([{ coin1Id: "tiny", coin2Id: "big" }]));
    const [call] = api.calls("POST /api/comparisons");
    expect(call!.headers["content-type"]).toBe("application/json");

    // Back on the home page (it mounts afresh), the next press counts again.
    cleanup();
    render(section());
    await chooseCoin(user, /First coin/, "OTH");
    await chooseCoin(user, /Second coin/, "BIG");
    await user.click(screen.getByRole("button", { name: "Compare Now" }));
    act(() => jest.advanceTimersByTime(800));
    await waitFor(() =>
      expect(counts()).toEqual([
        { coin1Id: "tiny", coin2Id: "big" },
        { coin1Id: "other", coin2Id: "big" },
      ]),
    );
  });

  test("leaving during 'Comparing...' counts nothing", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { unmount } = render(section());
    await chooseCoin(user, /First coin/, "TINY");
    await chooseCoin(user, /Second coin/, "BIG");
    await user.click(screen.getByRole("button", { name: "Compare Now" }));
    unmount();
    act(() => jest.advanceTimersByTime(5_000));
    expect(counts()).toEqual([]);
  });

  test.each([
    ["a 500", () => apiError(500)],
    ["a 403", () => apiError(403, "forbidden")],
    ["no answer at all", () => hold()],
  ])("a count answered with %s changes nothing for the visitor", async (_name, answer) => {
    const unhandled = jest.fn();
    process.on("unhandledRejection", unhandled);
    try {
      api.on("POST /api/comparisons", answer());
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(section());
      await chooseCoin(user, /First coin/, "TINY");
      await chooseCoin(user, /Second coin/, "BIG");
      await user.click(screen.getByRole("button", { name: "Compare Now" }));
      act(() => jest.advanceTimersByTime(800));
      await waitFor(() => expect(counts()).toHaveLength(1));

      jest.useRealTimers();
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(address.routerCalls.at(-1)).toEqual({ method: "push", href: "/compare/tiny/big" });
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(screen.queryByText(/error|failed/i)).not.toBeInTheDocument();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});
