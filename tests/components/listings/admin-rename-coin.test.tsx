// Renaming a coin from /admin (issue 30): the coin list's 'Rename' dialog, by keyboard, sending only
// what changed, busy while the write runs, the form's own refusals without a request, the
// server's refusals in the dialog, and 'Sign again' for an old signature. Against a fake of our API.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminView } from "@/components/admin/admin-view";
import { provideSignAgain } from "@/components/wallet/sign-again";
import type { AdminCoin } from "@/lib/listings/schemas";
import { apiError, hold, json, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderPageWithToaster } from "@/tests/helpers/render-with-query";
import { expectToast, useToastReset } from "@/tests/helpers/toasts";
import { NO_UNMATCHED } from "@/tests/helpers/unmatched-answer";

const api = useFakeApi();
useToastReset();

const PWETH = "0x02DcdD04e3F455D838cd1249292C58f3B79e3C3C";
const weth: AdminCoin = {
  id: "weth",
  symbol: "WETH",
  name: "Wrapped Ether",
  logoUrl: null,
  tags: [],
  chain: "pulsechain",
  contractAddress: PWETH,
  decimals: 18,
  burnAddresses: null,
  quoteSource: "pulsex",
  priceSource: "pulsex",
  currentPrice: 25,
  marketCap: 2.5e7,
  liquidityUsd: 1e6,
  rank: 12,
  listedAt: "2026-11-01T00:00:00.000Z",
  athPrice: 30,
  athAt: "2026-11-02T00:00:00.000Z",
  athMarketCap: 3e7,
  athMarketCapAt: "2026-11-02T00:00:00.000Z",
  supplyNote: null,
  forkOf: null,
  quarantine: null,
};
const renamed: AdminCoin = { ...weth, symbol: "pWETH", name: "Wrapped Ether from Ethereum" };

function operatorApi(coins: AdminCoin[] = [weth]) {
  api.on("GET /api/admin/coins", json(coins));
  api.on("GET /api/admin/featured", json([]));
  api.on("GET /api/admin/orders", json([]));
  api.on("GET /api/admin/orders/unmatched", json(NO_UNMATCHED)); // the unmatched transfers under the queue
}

const RENAME = "Rename WETH (weth)";
const renameButton = () => screen.getByRole("button", { name: RENAME });
const dialog = () => screen.getByRole("dialog", { name: RENAME });
const nameField = () => within(dialog()).getByLabelText("Name");
const symbolField = () => within(dialog()).getByLabelText("Symbol");

async function openByKeyboard(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole("button", { name: RENAME });
  renameButton().focus();
  await user.keyboard("{Enter}");
  return dialog();
}

test("by keyboard: the dialog holds the coin's text, sends only what changed, is busy meanwhile, and closes with a toast on the new text", async () => {
  const user = userEvent.setup();
  operatorApi();
  const renaming = hold();
  api.on("POST /api/admin/coins/weth/rename", renaming);
  renderPageWithToaster(<AdminView />, alice);

  await openByKeyboard(user);
  expect(nameField()).toHaveValue("Wrapped Ether");
  expect(symbolField()).toHaveValue("WETH");
  // The first field has focus: the operator types straight away.
  expect(nameField()).toHaveFocus();
  await user.keyboard("{Tab}");
  expect(symbolField()).toHaveFocus();
  await user.clear(symbolField());
  await user.type(symbolField(), "pWETH{Enter}");

  expect(api.calls("POST /api/admin/coins/weth/rename").map((call) => call.body)).toEqual([{ symbol: "pWETH" }]);
  expect(within(dialog()).getByRole("button", { name: "Renaming…" })).toBeDisabled();
  expect(within(dialog()).getByRole("button", { name: "Cancel" })).toBeDisabled();
  // It cannot be closed while the write runs.
  await user.keyboard("{Escape}");
  expect(dialog()).toBeInTheDocument();

  api.on("GET /api/admin/coins", json([renamed]));
  renaming.release(json(renamed));
  await expectToast({ title: "Coin renamed", description: "weth shows as pWETH (Wrapped Ether from Ethereum)." });
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  // The list shows the new text (refetched before the write counted as done), and focus is back on the row's button.
  const button = await screen.findByRole("button", { name: "Rename pWETH (weth)" });
  expect(screen.getByTestId("admin-coin")).toHaveTextContent(/^PWpWETHWrapped Ether from Ethereumweth#12/);
  await waitFor(() => expect(button).toHaveFocus());
});

test("the form's own refusals, on their fields, without a request: nothing changed, an empty name, a symbol with a space, a direction character, a long symbol", async () => {
  const user = userEvent.setup();
  operatorApi();
  renderPageWithToaster(<AdminView />, alice);
  await openByKeyboard(user);

  await user.click(within(dialog()).getByRole("button", { name: "Rename" }));
  expect(within(dialog()).getByRole("alert")).toHaveTextContent("Nothing to rename: change the name, the symbol or both.");

  await user.clear(nameField());
  await user.clear(symbolField());
  await user.type(symbolField(), "p WETH");
  await user.click(within(dialog()).getByRole("button", { name: "Rename" }));
  expect(nameField()).toHaveAccessibleDescription(/A name cannot be empty\./);
  expect(nameField()).toHaveAttribute("aria-invalid", "true");
  expect(symbolField()).toHaveAccessibleDescription(/A symbol is one word: no spaces\./);

  // Pasted from a contract's raw text: a right-to-left override between the words.
  await user.click(nameField());
  await user.paste("Wrapped\u202EEther");
  await user.clear(symbolField());
  await user.type(symbolField(), "X".repeat(17));
  await user.click(within(dialog()).getByRole("button", { name: "Rename" }));
  expect(nameField()).toHaveAccessibleDescription(/A name cannot hold control, invisible or direction characters/);
  expect(symbolField()).toHaveAccessibleDescription(/A symbol is at most 16 characters\./);

  expect(api.calls("POST /api/admin/coins/weth/rename")).toHaveLength(0);
});

test("a refusal from the server shows its message in the dialog, which keeps what was typed", async () => {
  const user = userEvent.setup();
  operatorApi();
  api.on("POST /api/admin/coins/weth/rename", apiError(404, "not_found", 'No coin with id "weth".'));
  renderPageWithToaster(<AdminView />, alice);
  await openByKeyboard(user);
  await user.clear(nameField());
  await user.type(nameField(), "Wrapped Ether from Ethereum");
  await user.click(within(dialog()).getByRole("button", { name: "Rename" }));

  expect(await within(dialog()).findByRole("alert")).toHaveTextContent('No coin with id "weth".');
  expect(nameField()).toHaveValue("Wrapped Ether from Ethereum");
  expect(within(dialog()).getByRole("button", { name: "Rename" })).toBeEnabled();
});

test("an old signature: 'Sign again' in the dialog, then Rename goes through", async () => {
  const user = userEvent.setup();
  const stop = provideSignAgain(jest.fn(async () => {}));
  try {
    operatorApi();
    api.once(
      "POST /api/admin/coins/weth/rename",
      apiError(401, "reauthentication_required", "Admin changes need a wallet signature from the last 15 minutes. Sign in again with your wallet, then try again."),
    );
    renderPageWithToaster(<AdminView />, alice);
    await openByKeyboard(user);
    await user.clear(symbolField());
    await user.type(symbolField(), "pWETH");
    await user.click(within(dialog()).getByRole("button", { name: "Rename" }));
    await user.click(await within(dialog()).findByRole("button", { name: "Sign again" }));
    expect(await within(dialog()).findByTestId("signed-again")).toHaveTextContent("Now press 'Rename' again.");
    expect(within(dialog()).getByRole("button", { name: "Rename" })).toHaveFocus();

    api.on("POST /api/admin/coins/weth/rename", json(renamed));
    await user.keyboard("{Enter}");
    await expectToast({ title: "Coin renamed", description: "weth shows as pWETH (Wrapped Ether from Ethereum)." });
    expect(api.calls("POST /api/admin/coins/weth/rename").map((call) => call.body)).toEqual([{ symbol: "pWETH" }, { symbol: "pWETH" }]);
  } finally {
    stop();
  }
});
