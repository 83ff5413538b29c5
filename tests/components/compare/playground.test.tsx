import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Playground } from "@/components/playground/playground";
import { chooseCoin } from "@/tests/helpers/choose-coin";
import { TEST_INDEX_VERSION, coinReads, serveCoins } from "@/tests/helpers/coin-api";
import { apiError, useFakeApi } from "@/tests/helpers/fake-api";
import { useListboxLayout } from "@/tests/helpers/listbox-layout";
import { renderWithQueryClient as render } from "@/tests/helpers/render-with-query";
import { big, makeCoin, tiny } from "@/tests/components/fixtures";

useListboxLayout();
const api = useFakeApi();

const third = makeCoin({ id: "third", symbol: "THR", marketCap: 24_680_000, currentPrice: 2 });
const coins = [tiny, big, third];
beforeEach(() => serveCoins(api, coins));
const playground = () => <Playground indexVersion={TEST_INDEX_VERSION} />;

async function addCompareTool(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Add Tool" }));
  const card = screen.getByRole("group", { name: "Select Tool" });
  expect(within(card).getByText("Compare two coins")).toBeInTheDocument();
  await user.click(within(card).getByRole("button", { name: /Compare/ }));
}

test("starts empty and says how to begin", () => {
  render(playground());
  expect(screen.queryAllByTestId("compare-tool")).toHaveLength(0);
  expect(screen.getByText(/Use Add Tool/)).toBeInTheDocument();
});

test("Add Tool opens 'Select Tool' with the one 'Compare' option, which adds a tool", async () => {
  const user = userEvent.setup();
  render(playground());
  await addCompareTool(user);
  expect(screen.queryByRole("group", { name: "Select Tool" })).not.toBeInTheDocument();
  const tool = screen.getByTestId("compare-tool");
  expect(within(tool).getByText("vs")).toBeInTheDocument();
  expect(within(tool).getByRole("button", { name: /Select coin 1/ })).toBeInTheDocument();
  expect(within(tool).getByRole("button", { name: /Select coin 2/ })).toBeInTheDocument();
  expect(within(tool).queryByTestId("tool-result")).not.toBeInTheDocument();
});

/** The playground with two empty compare tools. */
async function twoTools(user: ReturnType<typeof userEvent.setup>) {
  render(playground());
  await addCompareTool(user);
  await addCompareTool(user);
  const [first, second] = screen.getAllByTestId("compare-tool");
  return [first!, second!] as const;
}

test("two tools compute independently, and removing one keeps the other", async () => {
  const user = userEvent.setup();
  const [first, second] = await twoTools(user);

  await chooseCoin(user, /Select coin 1/, "TINY", first);
  await chooseCoin(user, /Select coin 2/, "BIG", first);
  expect(await within(first).findByTestId("tool-result")).toHaveTextContent(
    "If TINY reaches the current market cap of BIG, its price would be $0.0012 (100.00x)",
  );
  await chooseCoin(user, /Select coin 1/, "TINY", second);
  await chooseCoin(user, /Select coin 2/, "THR", second);
  expect(await within(second).findByTestId("tool-result")).toHaveTextContent(
    "If TINY reaches the current market cap of THR, its price would be $0.000025 (2.00x)",
  );

  await user.click(within(first).getByRole("button", { name: "Remove compare tool 1" }));
  const remaining = screen.getAllByTestId("compare-tool");
  expect(remaining).toHaveLength(1);
  expect(within(remaining[0]!).getByTestId("tool-result")).toHaveTextContent("THR");
});

test("a tool loads the list once for all selectors, and only its two coins' prices", async () => {
  const user = userEvent.setup();
  const [first, second] = await twoTools(user);
  await chooseCoin(user, /Select coin 1/, "TINY", first);
  await chooseCoin(user, /Select coin 2/, "BIG", first);
  await chooseCoin(user, /Select coin 1/, "BIG", second);
  await within(first).findByTestId("tool-result");
  expect(api.calls("GET /api/coin-index")).toHaveLength(1);
  expect(coinReads(api)).toEqual([["tiny", "big"]]);
});

test("prices that fail to load say so, and Try again loads them", async () => {
  const user = userEvent.setup();
  api.once("GET /api/cryptocurrencies", apiError(500));
  render(playground());
  await addCompareTool(user);
  const tool = screen.getByTestId("compare-tool");
  await chooseCoin(user, /Select coin 1/, "TINY", tool);
  await chooseCoin(user, /Select coin 2/, "BIG", tool);
  expect(await within(tool).findByText(/Couldn't load the prices/)).toBeInTheDocument();
  await user.click(within(tool).getByRole("button", { name: "Try again" }));
  expect(await within(tool).findByTestId("tool-result")).toHaveTextContent("(100.00x)");
});
