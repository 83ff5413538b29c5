// The chart's note over the seed's sample history: shown when the points drawn include points the
// history API marks `sample` (coin page and pair page), absent over real history. The canvas is
// stubbed: jsdom draws nothing, and what is drawn is the browser spec's (coin-pages.spec.ts).
import { screen } from "@testing-library/react";
import { HistoryChartPanel } from "@/components/charts/history-chart-panel";
import { json, useFakeApi } from "@/tests/helpers/fake-api";
import { renderWithQueryClient as render } from "@/tests/helpers/render-with-query";

jest.mock("@/components/charts/history-canvas", () => ({ HistoryCanvas: () => <div data-testid="chart-canvas" /> }));

const api = useFakeApi();
const NOTE = "Sample history — replaced by live prices after the first refresh.";
const DAY = 86_400_000;
const day0 = Date.UTC(2026, 10, 1);

/** Three daily points; `sample` marks them as the API marks the seed's sample rows. */
const points = (marketCap: number, sample: boolean) =>
  [0, 1, 2].map((i) => ({ t: day0 + i * DAY, price: 1, marketCap: marketCap * (1 + i / 10), ...(sample && { sample: true }) }));

const hex = { id: "hex", symbol: "HEX" };
const btc = { id: "btc", symbol: "BTC" };

test("a coin's chart over sample points says so", async () => {
  api.on("GET /api/cryptocurrencies/hex/history", json(points(3e9, true)));
  render(<HistoryChartPanel source={{ kind: "market-cap", coin: hex }} range="1y" />);
  expect(await screen.findByTestId("chart-canvas")).toBeInTheDocument();
  expect(screen.getByTestId("chart-sample-note")).toHaveTextContent(NOTE);
});

test("over real points, no note", async () => {
  api.on("GET /api/cryptocurrencies/hex/history", json(points(3e9, false)));
  render(<HistoryChartPanel source={{ kind: "market-cap", coin: hex }} range="1y" />);
  expect(await screen.findByTestId("chart-canvas")).toBeInTheDocument();
  expect(screen.queryByTestId("chart-sample-note")).toBeNull();
});

test("a pair's ratio chart says so when either coin's points are sample", async () => {
  api.on("GET /api/cryptocurrencies/hex/history", json(points(3e9, false)));
  api.on("GET /api/cryptocurrencies/btc/history", json(points(2e12, true)));
  render(<HistoryChartPanel source={{ kind: "ratio", coin1: hex, coin2: btc }} range="1y" />);
  expect(await screen.findByTestId("chart-canvas")).toBeInTheDocument();
  expect(screen.getByTestId("chart-sample-note")).toHaveTextContent(NOTE);
});

test("no note over an empty range, sample or not", async () => {
  api.on("GET /api/cryptocurrencies/hex/history", json([]));
  render(<HistoryChartPanel source={{ kind: "market-cap", coin: hex }} range="1d" />);
  expect(await screen.findByText("No price history for this range yet.")).toBeInTheDocument();
  expect(screen.queryByTestId("chart-sample-note")).toBeNull();
});
