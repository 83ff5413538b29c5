// A playground tool's target switch: each tool picks today's market cap or coin 2's high on its own.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Playground } from "@/components/playground/playground";
import { chooseCoin } from "@/tests/helpers/choose-coin";
import { TEST_INDEX_VERSION, serveCoins } from "@/tests/helpers/coin-api";
import { useFakeApi } from "@/tests/helpers/fake-api";
import { useListboxLayout } from "@/tests/helpers/listbox-layout";
import { renderWithQueryClient as render } from "@/tests/helpers/render-with-query";
import { big, makeCoin, tiny } from "@/tests/components/fixtures";

useListboxLayout();
const api = useFakeApi();

// BIG's high: $6.17B on Oct 6, 2025, estimated (five times its $1.234B cap today).
const bigWithHigh = { ...big, athMarketCap: 6_170_000_000, athMarketCapAt: "2025-10-06T00:00:00.000Z", athMarketCapEstimated: true };
const noHigh = makeCoin({ id: "nohigh", symbol: "NOH", marketCap: 24_680_000, currentPrice: 2 });
beforeEach(() => serveCoins(api, [tiny, bigWithHigh, noHigh]));

async function toolWith(user: ReturnType<typeof userEvent.setup>, coin1: string, coin2: string) {
  await user.click(screen.getByRole("button", { name: "Add Tool" }));
  await user.click(within(screen.getByRole("group", { name: "Select Tool" })).getByRole("button", { name: /Compare/ }));
  const tool = screen.getAllByTestId("compare-tool").at(-1)!;
  await chooseCoin(user, /Select coin 1/, coin1, tool);
  await chooseCoin(user, /Select coin 2/, coin2, tool);
  await within(tool).findByTestId("tool-result");
  return tool;
}

test("switching one tool to the high changes its sentence, not the other tool's", async () => {
  const user = userEvent.setup();
  render(<Playground indexVersion={TEST_INDEX_VERSION} />);
  const first = await toolWith(user, "TINY", "BIG");
  const second = await toolWith(user, "TINY", "BIG");

  await user.click(within(first).getByRole("radio", { name: "All-time-high market cap" }));
  // 6,170,000,000 / 12,340,000 = 500; 0.00001234 × 500 = 0.00617.
  expect(within(first).getByTestId("tool-result")).toHaveTextContent(
    "If TINY reaches BIG's all-time-high market cap of $6.17B on Oct 6, 2025, its price would be $0.0062 (500.00x)",
  );
  expect(within(first).getByTestId("ath-estimated-note")).toHaveTextContent("Estimated: BIG's price that day × today's supply");
  expect(within(second).getByTestId("tool-result")).toHaveTextContent(
    "If TINY reaches the current market cap of BIG, its price would be $0.0012 (100.00x)",
  );
  expect(within(second).getByRole("radio", { name: "Today's market cap" })).toHaveAttribute("aria-checked", "true");
  // The playground keeps no state in the address.
  expect(window.location.search).toBe("");
});

test("coin symbols in the sentence link to the coin pages", async () => {
  const user = userEvent.setup();
  render(<Playground indexVersion={TEST_INDEX_VERSION} />);
  const tool = await toolWith(user, "TINY", "BIG");
  const sentence = within(tool).getByTestId("tool-result");
  expect(within(sentence).getByRole("link", { name: "TINY" })).toHaveAttribute("href", "/coins/tiny");
  expect(within(sentence).getByRole("link", { name: "BIG" })).toHaveAttribute("href", "/coins/big");
});

test("a coin 2 without a high says so", async () => {
  const user = userEvent.setup();
  render(<Playground indexVersion={TEST_INDEX_VERSION} />);
  const tool = await toolWith(user, "TINY", "NOH");
  await user.click(within(tool).getByRole("radio", { name: "All-time-high market cap" }));
  expect(within(tool).getByText("NOH has no all-time-high market cap on record yet.")).toBeInTheDocument();
  expect(within(tool).queryByTestId("tool-result")).not.toBeInTheDocument();
});
