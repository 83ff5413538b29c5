// The operators' page against a fake of our API: who sees what (signed out, not an operator,
// operator), the lists, each form's validation, pending states and the server's refusals, the
// listing preview and its confirmation, and 'Sign again' for writes refused for an old signature.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminView } from "@/components/admin/admin-view";
import { provideSignAgain, SignAgainError } from "@/components/wallet/sign-again";
import type { AdminCoin, ListingPreview } from "@/lib/listings/schemas";
import type { FeaturedSlot } from "@/lib/orders/featured-slot-schemas";
import { apiError, hold, json, noContent, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderPageWithToaster, type AuthAnswer } from "@/tests/helpers/render-with-query";
import { expectToast, useToastReset, visibleToasts } from "@/tests/helpers/toasts";
import { NO_UNMATCHED } from "@/tests/helpers/unmatched-answer";

const api = useFakeApi();
useToastReset();

function adminCoin(overrides: Partial<AdminCoin> & Pick<AdminCoin, "id" | "symbol">): AdminCoin {
  return {
    name: `${overrides.symbol} Token`,
    logoUrl: null,
    tags: [],
    chain: "pulsechain",
    contractAddress: null,
    decimals: null,
    burnAddresses: null,
    quoteSource: "pulsex",
    priceSource: "pulsex",
    currentPrice: 1,
    marketCap: 1_000_000,
    liquidityUsd: null,
    rank: 1,
    listedAt: "2026-11-01T00:00:00.000Z",
    athPrice: 2,
    athAt: "2026-11-02T00:00:00.000Z",
    athMarketCap: 2_000_000,
    athMarketCapAt: "2026-11-02T00:00:00.000Z",
    supplyNote: null,
    forkOf: null,
    quarantine: null,
    ...overrides,
  };
}

const DOGGO = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const hex = adminCoin({ id: "hex", symbol: "HEX", name: "HEX", rank: 3, tags: ["og"], logoUrl: "/logos/hex.svg", contractAddress: "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39" });
const btc = adminCoin({ id: "btc", symbol: "BTC", name: "Bitcoin", rank: 1, chain: "bitcoin", quoteSource: "coingecko" });
const doggo = adminCoin({ id: "doggo", symbol: "DOGGO", name: "Doggo Inu", rank: 40, tags: ["meme", "dog"], contractAddress: DOGGO, decimals: 9 });
const coins = [hex, btc];

const slot = (id: number, status: FeaturedSlot["status"], overrides: Partial<FeaturedSlot> = {}): FeaturedSlot => ({
  id,
  coin1: { id: "hex", symbol: "HEX", name: "HEX" },
  coin2: { id: "btc", symbol: "BTC", name: "Bitcoin" },
  isPromoted: false,
  startsAt: "2026-11-20T10:00:00.000Z",
  endsAt: null,
  createdAt: "2026-11-20T09:00:00.000Z",
  status,
  ...overrides,
});
const liveSlot = slot(1, "live", { isPromoted: true });
const endedSlot = slot(2, "ended", { endsAt: "2026-11-20T12:00:00.000Z", coin1: { id: "btc", symbol: "BTC", name: "Bitcoin" }, coin2: { id: "hex", symbol: "HEX", name: "HEX" } });

const renderPage = (auth: AuthAnswer = alice) => renderPageWithToaster(<AdminView />, auth);

function operatorApi(coinList: AdminCoin[] = coins, slots: FeaturedSlot[] = [liveSlot, endedSlot]) {
  api.on("GET /api/admin/coins", json(coinList));
  api.on("GET /api/admin/featured", json(slots));
  api.on("GET /api/admin/orders", json([])); // the order queue: tests/components/orders/order-queue.test.tsx
  api.on("GET /api/admin/orders/unmatched", json(NO_UNMATCHED)); // the unmatched transfers under the queue
}

const listForm = () => screen.getByRole("form", { name: "List a coin" });
const scheduleForm = () => screen.getByRole("form", { name: "Schedule a featured comparison" });
const coinRows = () => screen.queryAllByTestId("admin-coin");
const slotRows = () => screen.queryAllByTestId("featured-slot");

describe("who sees what", () => {
  test("a spinner while the signed-in state loads, and no admin call", () => {
    api.on("GET /api/auth/user", hold());
    renderPage("pending");
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(api.calls("GET /api/admin/coins")).toHaveLength(0);
  });

  test("signed out: 'Login Required' with a log-in link back here, and no admin call", () => {
    renderPage(null);
    expect(screen.getByRole("heading", { name: "Login Required" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login?returnTo=%2Fadmin");
    expect(api.calls()).toHaveLength(0);
  });

  test("signed in but not an operator: a clear 403 state, no forms, one call only", async () => {
    api.on("GET /api/admin/coins", apiError(403, "forbidden", "This is for operators only: your wallet is not one of them."));
    renderPage();
    expect(await screen.findByRole("heading", { name: "403 — this page is for operators" })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(alice.address))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("form")).not.toBeInTheDocument();
    expect(api.calls("GET /api/admin/featured")).toHaveLength(0);
  });

  test("a failed load says so, and 'Try again' loads the page", async () => {
    const user = userEvent.setup();
    api.once("GET /api/admin/coins", apiError(500, "internal_error", "Something went wrong on our side."));
    operatorApi();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Try again" }));
    await waitFor(() => expect(coinRows()).toHaveLength(2));
    expect(screen.queryByText("Couldn't load the coins")).not.toBeInTheDocument();
  });
});

describe("an operator", () => {
  test("sees the coins with their tags, and the slots with status and promotion", async () => {
    operatorApi();
    renderPage();
    await waitFor(() => expect(coinRows()).toHaveLength(2));
    expect(screen.getByRole("heading", { name: "Coins (2)" })).toBeInTheDocument();
    const hexRow = coinRows()[0]!;
    expect(hexRow).toHaveTextContent(/^HEXHEXhex#3og0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39$/);
    expect(within(hexRow).getByText("og")).toBeInTheDocument();
    expect(within(hexRow).getByText(hex.contractAddress!)).toBeInTheDocument();

    await waitFor(() => expect(slotRows()).toHaveLength(2));
    const [live, ended] = slotRows() as [HTMLElement, HTMLElement];
    expect(live).toHaveTextContent("HEX vs BTC");
    expect(within(live).getByText("Live")).toBeInTheDocument();
    expect(within(live).getByText("Promoted")).toBeInTheDocument();
    expect(live).toHaveTextContent("no end");
    expect(within(ended).getByText("Ended")).toBeInTheDocument();
    expect(within(ended).queryByText("Promoted")).not.toBeInTheDocument();
  });

  test("filters the coins; no match says so", async () => {
    const user = userEvent.setup();
    operatorApi();
    renderPage();
    await waitFor(() => expect(coinRows()).toHaveLength(2));
    await user.type(screen.getByLabelText("Filter coins"), "bitc");
    expect(coinRows()).toHaveLength(1);
    expect(coinRows()[0]).toHaveTextContent("BTC");
    await user.clear(screen.getByLabelText("Filter coins"));
    await user.type(screen.getByLabelText("Filter coins"), "zzz");
    expect(screen.getByText("No coin matches this filter.")).toBeInTheDocument();
  });

  test("empty slot list says so", async () => {
    operatorApi(coins, []);
    renderPage();
    expect(await screen.findByText("No featured slots yet.")).toBeInTheDocument();
  });
});

const preview = (overrides: Partial<ListingPreview> = {}): ListingPreview => ({
  contractAddress: DOGGO,
  id: "doggo",
  name: "Doggo Inu",
  symbol: "DOGGO",
  decimals: 9,
  currentPrice: 0.00006,
  marketCap: 54_000,
  circulatingSupply: 900_000_000,
  liquidityUsd: 120,
  cleaned: false,
  raw: { name: null, symbol: null },
  ...overrides,
});
const REAUTH_MESSAGE = "Admin changes need a wallet signature from the last 15 minutes. Sign in again with your wallet, then try again.";
const reauthRequired = () => apiError(401, "reauthentication_required", REAUTH_MESSAGE);
const previewCard = () => screen.getByRole("region", { name: "Listing preview" });

async function typeAddressAndPreview(user: ReturnType<typeof userEvent.setup>, address = DOGGO) {
  await screen.findByRole("form", { name: "List a coin" });
  await user.type(within(listForm()).getByLabelText("Contract address"), address);
  await user.click(within(listForm()).getByRole("button", { name: "Preview listing" }));
}

describe("listing a coin", () => {
  test("a malformed address or bad tags are shown on their fields and nothing is sent", async () => {
    const user = userEvent.setup();
    operatorApi();
    renderPage();
    const form = await screen.findByRole("form", { name: "List a coin" });
    await user.type(within(form).getByLabelText("Contract address"), "0x1234");
    await user.type(within(form).getByLabelText("Tags (optional)"), "big dog");
    await user.type(within(form).getByLabelText("Logo URL (optional)"), "http://x.example/a.png");
    await user.click(within(form).getByRole("button", { name: "Preview listing" }));
    expect(within(form).getByLabelText("Contract address")).toHaveAccessibleDescription(/Enter a contract address: 0x followed by 40 hex digits/);
    expect(within(form).getByLabelText("Contract address")).toHaveAttribute("aria-invalid", "true");
    expect(within(form).getByLabelText("Tags (optional)")).toHaveAccessibleDescription(/one lowercase word/);
    expect(within(form).getByLabelText("Logo URL (optional)")).toHaveAccessibleDescription(/https:\/\/ URL or a path under \/logos\//);
    expect(api.calls("GET /api/admin/coins/preview")).toHaveLength(0);
    expect(api.calls("POST /api/admin/coins")).toHaveLength(0);
  });

  test("'Preview listing' reads the chain (busy meanwhile) and shows what will be listed; nothing is listed before 'Confirm listing'", async () => {
    const user = userEvent.setup();
    operatorApi();
    const reading = hold();
    api.on("GET /api/admin/coins/preview", reading);
    renderPage();
    await screen.findByRole("form", { name: "List a coin" });
    await user.type(within(listForm()).getByLabelText("Contract address"), DOGGO.toLowerCase());
    await user.type(within(listForm()).getByLabelText("Tags (optional)"), "Meme, dog");
    await user.click(within(listForm()).getByRole("button", { name: "Preview listing" }));

    expect(api.calls("GET /api/admin/coins/preview")[0]!.url).toBe(`/api/admin/coins/preview?contractAddress=${DOGGO}`);
    expect(within(listForm()).getByRole("button", { name: /Reading the chain/ })).toBeDisabled();
    reading.release(json(preview()));

    const card = await screen.findByRole("region", { name: "Listing preview" });
    expect(within(card).getByRole("heading", { name: "Check before listing" })).toBeInTheDocument();
    const shown = Object.fromEntries(within(card).getAllByRole("term").map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(shown).toEqual({
      Name: "Doggo Inu",
      Symbol: "DOGGO",
      Decimals: "9",
      "Coin id": "doggo",
      "First price": "$0.000060",
      "Market cap": "$54.00K",
      "Pool liquidity": "$120.00",
    });
    expect(within(card).queryByTestId("cleaned-text")).not.toBeInTheDocument();
    expect(api.calls("POST /api/admin/coins")).toHaveLength(0);

    const listing = hold();
    api.on("POST /api/admin/coins", listing);
    await user.click(within(card).getByRole("button", { name: "Confirm listing" }));
    expect(api.calls("POST /api/admin/coins")[0]!.body).toEqual({
      contractAddress: DOGGO,
      tags: ["meme", "dog"],
      confirmed: { name: "Doggo Inu", symbol: "DOGGO", decimals: 9 },
    });
    expect(within(card).getByRole("button", { name: /Listing…/ })).toBeDisabled();
    expect(within(card).getByRole("button", { name: "Cancel" })).toBeDisabled();

    operatorApi([doggo, ...coins]);
    listing.release(json(doggo, 201));
    await expectToast({ title: "Coin listed", description: 'Doggo Inu (DOGGO) is listed as "doggo".' });
    await waitFor(() => expect(coinRows()).toHaveLength(3));
    expect(screen.queryByRole("region", { name: "Listing preview" })).not.toBeInTheDocument();
    expect(within(listForm()).getByLabelText("Contract address")).toHaveValue("");
    expect(within(listForm()).getByRole("button", { name: "Preview listing" })).toBeEnabled();
  });

  test("cleaned text: the preview shows the clean name and the contract's raw text with hidden characters written out, never the characters themselves", async () => {
    const user = userEvent.setup();
    operatorApi();
    const rawName = `Evil\u202Egnp.exe\nCoin${"x".repeat(100)}`;
    api.on(
      "GET /api/admin/coins/preview",
      json(preview({ name: `Evilgnp.exe Coin${"x".repeat(48)}`, symbol: "EV IL", id: "ev-il", cleaned: true, raw: { name: rawName, symbol: "\u2066EV\tIL\u200B" } })),
    );
    renderPage();
    await typeAddressAndPreview(user);
    const cleaned = within(await screen.findByRole("region", { name: "Listing preview" })).getByTestId("cleaned-text");
    expect(cleaned).toHaveTextContent("The contract's text was cleaned.");
    expect(within(cleaned).getByText("Name on the contract").nextElementSibling).toHaveTextContent(`Evil\\u{202E}gnp.exe\\nCoin${"x".repeat(100)}`);
    expect(within(cleaned).getByText("Symbol on the contract").nextElementSibling).toHaveTextContent("\\u{2066}EV\\tIL\\u{200B}");
    expect(within(previewCard()).getByText(`Evilgnp.exe Coin${"x".repeat(48)}`)).toBeInTheDocument();
    // Not one hidden character reaches the page.
    expect(document.body.textContent).not.toMatch(/[\u202E\u2066\u200B]/);
  });

  test("a refused preview shows the server's message and keeps what was typed", async () => {
    const user = userEvent.setup();
    operatorApi();
    api.on("GET /api/admin/coins/preview", apiError(422, "not_priceable", "LONE cannot be listed: no PulseX pair of 0xabc with WPLS has reserves."));
    renderPage();
    await typeAddressAndPreview(user);
    expect(await within(listForm()).findByRole("alert")).toHaveTextContent("LONE cannot be listed: no PulseX pair of 0xabc with WPLS has reserves.");
    expect(within(listForm()).getByLabelText("Contract address")).toHaveValue(DOGGO);
    expect(screen.queryByRole("region", { name: "Listing preview" })).not.toBeInTheDocument();
  });

  test("a listing refused at confirmation shows the server's message under the preview", async () => {
    const user = userEvent.setup();
    operatorApi();
    api.on("GET /api/admin/coins/preview", json(preview()));
    api.on("POST /api/admin/coins", apiError(409, "listing_changed", 'The token now reads "Doggo Inu v2" (DOGGO, 9 decimals), not what the preview showed. Preview it again and check it before listing.'));
    renderPage();
    await typeAddressAndPreview(user);
    await user.click(within(await screen.findByRole("region", { name: "Listing preview" })).getByRole("button", { name: "Confirm listing" }));
    expect(await within(previewCard()).findByRole("alert")).toHaveTextContent(/The token now reads "Doggo Inu v2"/);
    expect(within(previewCard()).queryByRole("button", { name: "Sign again" })).not.toBeInTheDocument();
  });

  test("changing the address or pressing Cancel drops the preview", async () => {
    const user = userEvent.setup();
    operatorApi();
    api.on("GET /api/admin/coins/preview", json(preview()));
    renderPage();
    await typeAddressAndPreview(user);
    await user.click(within(await screen.findByRole("region", { name: "Listing preview" })).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("region", { name: "Listing preview" })).not.toBeInTheDocument();
    expect(within(listForm()).getByLabelText("Contract address")).toHaveValue(DOGGO);

    await user.click(within(listForm()).getByRole("button", { name: "Preview listing" }));
    await screen.findByRole("region", { name: "Listing preview" });
    await user.type(within(listForm()).getByLabelText("Contract address"), "0");
    expect(screen.queryByRole("region", { name: "Listing preview" })).not.toBeInTheDocument();
    expect(within(listForm()).getByRole("button", { name: "Preview listing" })).toBeEnabled();
    expect(api.calls("POST /api/admin/coins")).toHaveLength(0);
  });
});

describe("an old signature (401 reauthentication_required)", () => {
  let stopSigner: (() => void) | undefined;
  afterEach(() => stopSigner?.());
  /** What the header's wallet kit provides: here a fake that resolves, or throws what a wallet would. */
  function walletSigns(result: () => Promise<void> = async () => {}) {
    const signer = jest.fn(result);
    stopSigner = provideSignAgain(signer);
    return signer;
  }

  test("confirming a listing: the message with 'Sign again'; a fresh signature clears it, and the same listing goes through", async () => {
    const user = userEvent.setup();
    const signer = walletSigns();
    operatorApi();
    api.on("GET /api/admin/coins/preview", json(preview()));
    api.once("POST /api/admin/coins", reauthRequired());
    renderPage();
    await typeAddressAndPreview(user);
    await user.click(within(await screen.findByRole("region", { name: "Listing preview" })).getByRole("button", { name: "Confirm listing" }));

    const notice = await within(previewCard()).findByTestId("sign-again");
    expect(notice).toHaveAttribute("role", "alert");
    expect(notice).toHaveTextContent(REAUTH_MESSAGE);
    // The session is alive: no sign-out, no re-read of who is signed in, the form keeps its state.
    expect(api.calls("GET /api/auth/user")).toHaveLength(0);
    expect(within(listForm()).getByLabelText("Contract address")).toHaveValue(DOGGO);

    await user.click(within(notice).getByRole("button", { name: "Sign again" }));
    expect(signer).toHaveBeenCalledTimes(1);
    expect(await within(previewCard()).findByRole("status")).toHaveTextContent("Signed in again: your wallet signature is fresh. Now press 'Confirm listing' again.");
    expect(within(previewCard()).queryByTestId("sign-again")).not.toBeInTheDocument();
    expect(within(previewCard()).getByRole("button", { name: "Confirm listing" })).toHaveFocus();

    operatorApi([doggo, ...coins]);
    api.on("POST /api/admin/coins", json(doggo, 201));
    await user.click(within(previewCard()).getByRole("button", { name: "Confirm listing" }));
    await expectToast({ title: "Coin listed", description: 'Doggo Inu (DOGGO) is listed as "doggo".' });
    expect(api.calls("POST /api/admin/coins")).toHaveLength(2);
    expect(api.calls("POST /api/admin/coins")[1]!.body).toEqual(api.calls("POST /api/admin/coins")[0]!.body);
  });

  test("while the wallet is asked the button says so; a refusal says what to do and 'Sign again' stays", async () => {
    const user = userEvent.setup();
    let refuse!: (error: Error) => void;
    walletSigns(() => new Promise<void>((_resolve, reject) => (refuse = reject)));
    operatorApi();
    api.on("GET /api/admin/coins/preview", json(preview()));
    api.on("POST /api/admin/coins", reauthRequired());
    renderPage();
    await typeAddressAndPreview(user);
    await user.click(within(await screen.findByRole("region", { name: "Listing preview" })).getByRole("button", { name: "Confirm listing" }));
    await user.click(await within(previewCard()).findByRole("button", { name: "Sign again" }));
    expect(within(previewCard()).getByRole("button", { name: /Check your wallet/ })).toBeDisabled();

    act(() => refuse(new SignAgainError("Switch your wallet to PulseChain, then press 'Sign again'.")));
    const notice = within(previewCard()).getByTestId("sign-again");
    expect(await within(notice).findByText("Switch your wallet to PulseChain, then press 'Sign again'.")).toBeInTheDocument();
    expect(within(notice).getByRole("button", { name: "Sign again" })).toBeEnabled();
    expect(within(previewCard()).queryByTestId("signed-again")).not.toBeInTheDocument();
  });

  test("editing a coin: the dialog offers 'Sign again', then Save goes through", async () => {
    const user = userEvent.setup();
    walletSigns();
    operatorApi();
    api.once("PATCH /api/admin/coins/hex", reauthRequired());
    api.on("PATCH /api/admin/coins/hex", json({ ...hex, tags: ["meme"] }));
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit HEX (hex)" }));
    const dialog = screen.getByRole("dialog", { name: "Edit HEX (hex)" });
    await user.clear(within(dialog).getByLabelText("Tags"));
    await user.type(within(dialog).getByLabelText("Tags"), "meme");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await user.click(await within(dialog).findByRole("button", { name: "Sign again" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Now press 'Save' again.");
    expect(within(dialog).getByRole("button", { name: "Save" })).toHaveFocus();
    expect(within(dialog).getByLabelText("Tags")).toHaveValue("meme");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await expectToast({ title: "Coin updated", description: "HEX (hex) is saved." });
    const sent = { logoUrl: "/logos/hex.svg", tags: ["meme"], supplyNote: null, forkOf: null };
    expect(api.calls("PATCH /api/admin/coins/hex").map((call) => call.body)).toEqual([sent, sent]);
  });

  test("scheduling a slot: 'Sign again' under the form, which keeps what was chosen", async () => {
    const user = userEvent.setup();
    walletSigns();
    operatorApi();
    api.on("POST /api/admin/featured", reauthRequired());
    renderPage();
    await screen.findByRole("form", { name: "Schedule a featured comparison" });
    await user.selectOptions(within(scheduleForm()).getByLabelText("Coin 1"), "btc");
    await user.selectOptions(within(scheduleForm()).getByLabelText("Coin 2 (its market cap)"), "hex");
    await user.click(within(scheduleForm()).getByRole("button", { name: "Schedule" }));
    await user.click(await within(scheduleForm()).findByRole("button", { name: "Sign again" }));
    expect(await within(scheduleForm()).findByRole("status")).toHaveTextContent("Now press 'Schedule' again.");
    expect(within(scheduleForm()).getByLabelText("Coin 1")).toHaveValue("btc");
    expect(within(scheduleForm()).getByRole("button", { name: "Schedule" })).toHaveFocus();
  });

  test("removing a slot: 'Sign again' above the list instead of an error toast", async () => {
    const user = userEvent.setup();
    walletSigns();
    operatorApi();
    api.once("DELETE /api/admin/featured/2", reauthRequired());
    renderPage();
    await waitFor(() => expect(slotRows()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Remove featured slot BTC vs HEX" }));
    const notice = await screen.findByTestId("sign-again");
    expect(notice).toHaveTextContent(REAUTH_MESSAGE);
    expect(visibleToasts()).toHaveLength(0);
    await user.click(within(notice).getByRole("button", { name: "Sign again" }));
    expect(await screen.findByTestId("signed-again")).toHaveTextContent("Now remove the slot again.");
    expect(screen.queryByTestId("sign-again")).not.toBeInTheDocument();

    api.on("DELETE /api/admin/featured/2", noContent());
    api.on("GET /api/admin/featured", json([liveSlot]));
    await user.click(screen.getByRole("button", { name: "Remove featured slot BTC vs HEX" }));
    await expectToast({ title: "Featured slot removed", description: "BTC vs HEX no longer shows." });
  });
});

describe("editing a coin", () => {
  test("the dialog edits tags and logo, sends them, and closes with a toast", async () => {
    const user = userEvent.setup();
    operatorApi();
    api.on("PATCH /api/admin/coins/hex", json({ ...hex, tags: ["meme", "og"], logoUrl: null }));
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit HEX (hex)" }));
    const dialog = screen.getByRole("dialog", { name: "Edit HEX (hex)" });
    expect(within(dialog).getByLabelText("Tags")).toHaveValue("og");
    await user.clear(within(dialog).getByLabelText("Tags"));
    await user.type(within(dialog).getByLabelText("Tags"), "meme, og");
    await user.clear(within(dialog).getByLabelText("Logo URL"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(api.calls("PATCH /api/admin/coins/hex")[0]!.body).toEqual({ logoUrl: null, tags: ["meme", "og"], supplyNote: null, forkOf: null });
    await expectToast({ title: "Coin updated", description: "HEX (hex) is saved." });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Focus goes back to the button that opened it.
    expect(screen.getByRole("button", { name: "Edit HEX (hex)" })).toHaveFocus();
  });

  test("eleven tags are refused in the dialog without a request", async () => {
    const user = userEvent.setup();
    operatorApi();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Edit BTC (btc)" }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText("Tags"), Array.from({ length: 11 }, (_, i) => `t${i}`).join(","));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByLabelText("Tags")).toHaveAccessibleDescription(/At most 10 tags/);
    expect(api.calls("PATCH /api/admin/coins/btc")).toHaveLength(0);
  });
});

describe("correcting an all-time high", () => {
  test("back to the highest held price with a reason, or to figures given; no reason is refused without a request", async () => {
    const user = userEvent.setup();
    operatorApi();
    api.on("POST /api/admin/coins/hex/high", json({ ...hex, athPrice: 0.02, athMarketCap: 1.2e10 }));
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Correct the all-time high of HEX (hex)" }));
    let dialog = screen.getByRole("dialog", { name: "Correct the all-time high of HEX" });
    expect(dialog).toHaveTextContent("Now $2.00 (market cap $2.00M).");
    await user.click(within(dialog).getByRole("button", { name: "Correct" }));
    expect(within(dialog).getByLabelText("Reason (kept in the audit log)")).toHaveAccessibleDescription(/Give the reason/);
    expect(api.calls("POST /api/admin/coins/hex/high")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Reason (kept in the audit log)"), "One-block spike");
    await user.click(within(dialog).getByRole("button", { name: "Correct" }));
    expect(api.calls("POST /api/admin/coins/hex/high")[0]!.body).toEqual({ reason: "One-block spike" });
    await expectToast({ title: "All-time high corrected", description: "HEX: $0.0200, market cap $12.00B." });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Correct the all-time high of HEX (hex)" }));
    dialog = screen.getByRole("dialog", { name: "Correct the all-time high of HEX" });
    await user.click(within(dialog).getByRole("radio", { name: "These figures" }));
    await user.type(within(dialog).getByLabelText("Price (USD)"), "0.05");
    await user.type(within(dialog).getByLabelText("Market cap (USD)"), "30000000000");
    await user.type(within(dialog).getByLabelText("Reason (kept in the audit log)"), "From the chain's records");
    await user.click(within(dialog).getByRole("button", { name: "Correct" }));
    expect(api.calls("POST /api/admin/coins/hex/high")[1]!.body).toEqual({ reason: "From the chain's records", athPrice: 0.05, athMarketCap: 3e10 });
  });
});

describe("scheduling a featured comparison", () => {
  test("missing coins and the same coin twice are refused on the form", async () => {
    const user = userEvent.setup();
    operatorApi();
    renderPage();
    await screen.findByRole("form", { name: "Schedule a featured comparison" });
    await user.click(within(scheduleForm()).getByRole("button", { name: "Schedule" }));
    expect(within(scheduleForm()).getByLabelText("Coin 1")).toHaveAccessibleDescription("Choose the first coin.");
    await user.selectOptions(within(scheduleForm()).getByLabelText("Coin 1"), "hex");
    await user.selectOptions(within(scheduleForm()).getByLabelText("Coin 2 (its market cap)"), "hex");
    await user.click(within(scheduleForm()).getByRole("button", { name: "Schedule" }));
    expect(within(scheduleForm()).getByLabelText("Coin 2 (its market cap)")).toHaveAccessibleDescription("coin1Id and coin2Id must be two different coins.");
    expect(api.calls("POST /api/admin/featured")).toHaveLength(0);
  });

  test("an end before the start, or already past, is refused on the form", async () => {
    const user = userEvent.setup();
    operatorApi();
    renderPage();
    await screen.findByRole("form", { name: "Schedule a featured comparison" });
    await user.selectOptions(within(scheduleForm()).getByLabelText("Coin 1"), "hex");
    await user.selectOptions(within(scheduleForm()).getByLabelText("Coin 2 (its market cap)"), "btc");
    fireEvent.change(within(scheduleForm()).getByLabelText("Starts"), { target: { value: "2099-01-02T10:00" } });
    fireEvent.change(within(scheduleForm()).getByLabelText("Ends (optional)"), { target: { value: "2099-01-01T10:00" } });
    await user.click(within(scheduleForm()).getByRole("button", { name: "Schedule" }));
    expect(within(scheduleForm()).getByLabelText("Ends (optional)")).toHaveAccessibleDescription(/endsAt must be after startsAt/);

    fireEvent.change(within(scheduleForm()).getByLabelText("Starts"), { target: { value: "2020-01-01T10:00" } });
    fireEvent.change(within(scheduleForm()).getByLabelText("Ends (optional)"), { target: { value: "2020-01-02T10:00" } });
    await user.click(within(scheduleForm()).getByRole("button", { name: "Schedule" }));
    expect(within(scheduleForm()).getByLabelText("Ends (optional)")).toHaveAccessibleDescription(/The end is in the past/);
    expect(api.calls("POST /api/admin/featured")).toHaveLength(0);
  });

  test("a valid slot is sent as ISO instants, pending then scheduled with a toast", async () => {
    const user = userEvent.setup();
    operatorApi();
    const scheduling = hold();
    api.on("POST /api/admin/featured", scheduling);
    renderPage();
    await screen.findByRole("form", { name: "Schedule a featured comparison" });
    await user.selectOptions(within(scheduleForm()).getByLabelText("Coin 1"), "btc");
    await user.selectOptions(within(scheduleForm()).getByLabelText("Coin 2 (its market cap)"), "hex");
    fireEvent.change(within(scheduleForm()).getByLabelText("Starts"), { target: { value: "2099-01-01T10:00" } });
    fireEvent.change(within(scheduleForm()).getByLabelText("Ends (optional)"), { target: { value: "2099-01-08T10:00" } });
    await user.click(within(scheduleForm()).getByLabelText(/Promoted/));
    await user.click(within(scheduleForm()).getByRole("button", { name: "Schedule" }));

    expect(api.calls("POST /api/admin/featured")[0]!.body).toEqual({
      coin1Id: "btc",
      coin2Id: "hex",
      startsAt: new Date("2099-01-01T10:00").toISOString(),
      endsAt: new Date("2099-01-08T10:00").toISOString(),
      isPromoted: true,
    });
    expect(within(scheduleForm()).getByRole("button", { name: /Scheduling/ })).toBeDisabled();
    scheduling.release(json(slot(3, "scheduled", { coin1: { id: "btc", symbol: "BTC", name: "Bitcoin" }, coin2: { id: "hex", symbol: "HEX", name: "HEX" } }), 201));
    await expectToast({ title: "Featured slot scheduled", description: "BTC vs HEX is scheduled." });
    expect(within(scheduleForm()).getByLabelText("Coin 1")).toHaveValue("");
  });

  test("removing a slot: pending on its button, then gone with a toast", async () => {
    const user = userEvent.setup();
    operatorApi();
    const removal = hold();
    api.on("DELETE /api/admin/featured/2", removal);
    renderPage();
    await waitFor(() => expect(slotRows()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Remove featured slot BTC vs HEX" }));
    expect(screen.getByRole("button", { name: "Remove featured slot BTC vs HEX" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Remove featured slot HEX vs BTC" })).toBeEnabled();
    api.on("GET /api/admin/featured", json([liveSlot]));
    removal.release(noContent());
    await expectToast({ title: "Featured slot removed", description: "BTC vs HEX no longer shows." });
    await waitFor(() => expect(slotRows()).toHaveLength(1));
  });
});
