// The operators' page lists the tokens quarantined for a failing contract (from the coins' own
// list, no request of its own): symbol, since when and the last reason, newest quarantine first.
import { screen, waitFor, within } from "@testing-library/react";
import { AdminView } from "@/components/admin/admin-view";
import type { AdminCoin } from "@/lib/listings/schemas";
import { json, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderPageWithToaster } from "@/tests/helpers/render-with-query";
import { NO_UNMATCHED } from "@/tests/helpers/unmatched-answer";

const api = useFakeApi();

const adminCoin = (id: string, symbol: string, quarantine: AdminCoin["quarantine"] = null): AdminCoin => ({
  id,
  symbol,
  name: `${symbol} Token`,
  logoUrl: null,
  tags: [],
  chain: "pulsechain",
  contractAddress: null,
  decimals: 18,
  burnAddresses: null,
  quoteSource: "pulsex",
  priceSource: "pulsex",
  currentPrice: 1,
  marketCap: 1_000_000,
  liquidityUsd: null,
  rank: 1,
  listedAt: "2026-11-01T00:00:00.000Z",
  athPrice: null,
  athAt: null,
  athMarketCap: null,
  athMarketCapAt: null,
  supplyNote: null,
  forkOf: null,
  quarantine,
});

function operatorApi(coins: AdminCoin[]) {
  api.on("GET /api/admin/coins", json(coins));
  api.on("GET /api/admin/featured", json([]));
  api.on("GET /api/admin/orders", json([]));
  api.on("GET /api/admin/orders/unmatched", json(NO_UNMATCHED)); // the unmatched transfers under the queue
}

const rows = () => within(screen.getByRole("list", { name: "Quarantined tokens" })).getAllByTestId("quarantined-coin");
// Printed in UTC, whatever the browser's zone, and saying so (issue 50).
const when = (iso: string) => ({ "2026-11-25T08:30:00.000Z": "Nov 25, 2026 08:30 UTC", "2026-11-26T10:10:00.000Z": "Nov 26, 2026 10:10 UTC" })[iso]!;

test("the quarantined tokens, newest first, with since when, how many failed passes and the last reason", async () => {
  const older = { since: "2026-11-25T08:30:00.000Z", reason: "totalSupply ran out of its 200,000 gas", failures: 7 };
  const newer = { since: "2026-11-26T10:10:00.000Z", reason: "balanceOf reverted at block 23,456,789", failures: 3 };
  operatorApi([adminCoin("hex", "HEX"), adminCoin("brkn", "BRKN", older), adminCoin("bad", "BAD", newer)]);
  renderPageWithToaster(<AdminView />, alice);

  expect(await screen.findByRole("heading", { name: "Quarantined tokens (2)" })).toBeInTheDocument();
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(rows()[0]).toHaveTextContent(`BADbadsince ${when(newer.since)}, 3 failed passes in a rowLast reason: balanceOf reverted at block 23,456,789`);
  expect(rows()[1]).toHaveTextContent(`BRKNbrknsince ${when(older.since)}, 7 failed passes in a rowLast reason: totalSupply ran out of its 200,000 gas`);
  expect(within(rows()[0]!).getByText(when(newer.since))).toHaveAttribute("dateTime", newer.since);
  // Every coin is still in the coins' list.
  expect(screen.getByRole("heading", { name: "Coins (3)" })).toBeInTheDocument();
});

test("none quarantined: the section says so", async () => {
  operatorApi([adminCoin("hex", "HEX")]);
  renderPageWithToaster(<AdminView />, alice);
  expect(await screen.findByRole("heading", { name: "Quarantined tokens (0)" })).toBeInTheDocument();
  expect(screen.getByText("No token is quarantined.")).toBeInTheDocument();
  expect(screen.queryByRole("list", { name: "Quarantined tokens" })).not.toBeInTheDocument();
});
