import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CompareSection } from "@/components/home/compare-section";
import { apiError, hold, noContent, useFakeApi } from "../helpers/fake-api";
import { chooseCoin } from "../helpers/choose-coin";
import { useListboxLayout } from "../helpers/listbox-layout";
import { renderWithQueryClient as render } from "../helpers/render-with-query";
import { big, makeCoin, tiny } from "./fixtures";

useListboxLayout();
const api = useFakeApi();

const other = makeCoin({ id: "other", symbol: "OTH", marketCap: 5e6 });
const coins = [tiny, big, other];

beforeEach(() => {
  jest.useFakeTimers();
  api.on("POST /api/comparisons", noContent());
});
afterEach(() => jest.useRealTimers());

test("Compare Now is disabled until two different coins are chosen", async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<CompareSection coins={coins} />);
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

test("pressing Compare Now reads 'Comparing...' for 800 ms, disabled, then shows the result", async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<CompareSection coins={coins} />);
  await chooseCoin(user, /First coin/, "TINY");
  await chooseCoin(user, /Second coin/, "BIG");
  await user.click(screen.getByRole("button", { name: "Compare Now" }));

  const busy = screen.getByRole("button", { name: "Comparing..." });
  expect(busy).toBeDisabled();
  act(() => jest.advanceTimersByTime(799));
  expect(screen.queryByTestId("comparison-result")).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByTestId("projected-price")).toHaveTextContent("$0.0012");
  expect(screen.getByRole("button", { name: "Compare Now" })).toBeEnabled();
  expect(window.location.search).toBe("?coin1=tiny&coin2=big");
});

test("a comparison opened from a link shows its result at once", () => {
  render(<CompareSection coins={coins} initialCoin1Id="tiny" initialCoin2Id="big" />);
  expect(screen.getByTestId("multiplier")).toHaveTextContent("100x");
  expect(screen.getByRole("button", { name: /First coin/ })).toHaveTextContent("TINY");
});

test("unknown or equal ids from a link leave the form idle", () => {
  render(<CompareSection coins={coins} initialCoin1Id="tiny" initialCoin2Id="tiny" />);
  expect(screen.queryByTestId("comparison-result")).not.toBeInTheDocument();
  render(<CompareSection coins={coins} initialCoin1Id="nope" initialCoin2Id="big" />);
  expect(screen.queryByTestId("comparison-result")).not.toBeInTheDocument();
});

describe("counting comparisons for 'Most Compared Pairs'", () => {
  const counts = () => api.calls("POST /api/comparisons").map((call) => call.body);

  test("each press of Compare Now counts once, when its result shows", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<CompareSection coins={coins} />);
    await chooseCoin(user, /First coin/, "TINY");
    await chooseCoin(user, /Second coin/, "BIG");
    await user.click(screen.getByRole("button", { name: "Compare Now" }));
    act(() => jest.advanceTimersByTime(799));
    expect(counts()).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(counts()).toEqual([{ coin1Id: "tiny", coin2Id: "big" }]);
    const [call] = api.calls("POST /api/comparisons");
    expect(call!.headers["content-type"]).toBe("application/json");

    await user.click(screen.getByRole("button", { name: "Compare Now" }));
    act(() => jest.advanceTimersByTime(800));
    await chooseCoin(user, /First coin/, "OTH");
    await user.click(screen.getByRole("button", { name: "Compare Now" }));
    act(() => jest.advanceTimersByTime(800));
    expect(counts()).toEqual([
      { coin1Id: "tiny", coin2Id: "big" },
      { coin1Id: "tiny", coin2Id: "big" },
      { coin1Id: "other", coin2Id: "big" },
    ]);
  });

  test("a comparison opened from a link is not counted", () => {
    render(<CompareSection coins={coins} initialCoin1Id="tiny" initialCoin2Id="big" />);
    expect(screen.getByTestId("comparison-result")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(5_000));
    expect(api.calls()).toEqual([]);
  });

  test("leaving during 'Comparing...' counts nothing", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { unmount } = render(<CompareSection coins={coins} />);
    await chooseCoin(user, /First coin/, "TINY");
    await chooseCoin(user, /Second coin/, "BIG");
    await user.click(screen.getByRole("button", { name: "Compare Now" }));
    unmount();
    act(() => jest.advanceTimersByTime(5_000));
    expect(api.calls()).toEqual([]);
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
      render(<CompareSection coins={coins} />);
      await chooseCoin(user, /First coin/, "TINY");
      await chooseCoin(user, /Second coin/, "BIG");
      await user.click(screen.getByRole("button", { name: "Compare Now" }));
      act(() => jest.advanceTimersByTime(800));
      expect(counts()).toHaveLength(1);

      jest.useRealTimers();
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.getByTestId("projected-price")).toHaveTextContent("$0.0012");
      expect(screen.getByRole("button", { name: "Compare Now" })).toBeEnabled();
      expect(screen.queryByRole("alert")).not.toBeInTheDocument();
      expect(screen.queryByText(/error|failed/i)).not.toBeInTheDocument();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });
});
