// The Listing Form's gate and first step against a fake of our API: signed out, listings closed,
// the token's address checked in the browser and then read by the server (GET /api/orders/token),
// its preview, and each refusal in the server's words.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ListingForm } from "@/components/get-listed/apply/listing-form";
import { apiError, hold, json, useFakeApi } from "@/tests/helpers/fake-api";
import { TEST_INDEX_VERSION } from "@/tests/helpers/coin-api";
import { alice, renderWithQueryClient, type AuthAnswer } from "@/tests/helpers/render-with-query";
import { DOGGO_ADDRESS, doggo, listedHex } from "./listing-form-fixtures";

const api = useFakeApi();

function renderForm(auth: AuthAnswer = alice, listingsOpen = true) {
  return renderWithQueryClient(<ListingForm listingsOpen={listingsOpen} indexVersion={TEST_INDEX_VERSION} />, auth);
}

const addressField = () => screen.getByRole("textbox", { name: "Token contract address (PulseChain)" });
async function checkToken(user: ReturnType<typeof userEvent.setup>, address: string) {
  await user.clear(addressField());
  await user.type(addressField(), address);
  await user.click(screen.getByRole("button", { name: "Check token" }));
}

test("signed out: 'Login Required' with a 'Log in' link back here, and no call", () => {
  renderForm(null);
  expect(screen.getByRole("heading", { name: "Login Required" })).toBeInTheDocument();
  expect(screen.getByText("Please log in to order a listing.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login?returnTo=%2Fget-listed%2Fapply");
  expect(api.calls()).toHaveLength(0);
});

test("listings closed (no payment address on the server): says so, and nothing can be ordered", () => {
  renderForm(alice, false);
  expect(screen.getByRole("heading", { name: "Listings are closed" })).toBeInTheDocument();
  expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to Get Listed" })).toHaveAttribute("href", "/get-listed");
  expect(api.calls()).toHaveLength(0);
});

test("a malformed address is refused in the browser, without a call", async () => {
  const user = userEvent.setup();
  renderForm();
  await checkToken(user, "0x123");
  expect(screen.getByRole("alert")).toHaveTextContent("Enter a contract address: 0x followed by 40 hex digits.");
  expect(addressField()).toHaveAttribute("aria-invalid", "true");
  expect(api.calls()).toHaveLength(0);
});

test("a token that can be listed: read by the server while the button says so, then its figures and the plans", async () => {
  const user = userEvent.setup();
  const answer = hold();
  api.on("GET /api/orders/token", answer);
  renderForm();
  await checkToken(user, DOGGO_ADDRESS.toLowerCase());
  expect(screen.getByRole("button", { name: "Reading the token…" })).toBeDisabled();
  // Checksummed by the browser's check, as the server would.
  expect(api.calls("GET /api/orders/token").map((call) => call.url)).toEqual([`/api/orders/token?address=${DOGGO_ADDRESS}`]);

  answer.release(json(doggo));
  const preview = await screen.findByTestId("token-preview");
  const figure = (label: string) => within(preview).getByText(label, { selector: "dt" }).nextElementSibling;
  expect(figure("Name")).toHaveTextContent("Doggo Inu");
  expect(figure("Symbol")).toHaveTextContent("DOGGO");
  expect(figure("Decimals")).toHaveTextContent("9");
  expect(figure("Circulating supply")).toHaveTextContent("1,000,000,000");
  expect(figure("Price")).toHaveTextContent("$0.0060");
  expect(figure("Market cap")).toHaveTextContent("$6.00M");
  expect(figure("Best pool's liquidity")).toHaveTextContent("$12.00K");
  expect(within(preview).queryByTestId("cleaned-text")).not.toBeInTheDocument();
  expect(screen.getByRole("group", { name: "Listing plan" })).toBeInTheDocument();
  expect(screen.getAllByTestId("plan-option").map((option) => option.textContent)).toEqual([
    expect.stringMatching(/^Basic\+\$135Website listingListed post on X$/),
    expect.stringMatching(/^EnhancedRecommended\$225Website listingListed post on X2 compare posts on X$/),
    expect.stringMatching(/^Target\$185Website listingListed post on X1 compare post on X$/),
  ]);
});

test("cleaned text: the preview shows the contract's own, hidden characters written out", async () => {
  const user = userEvent.setup();
  api.on("GET /api/orders/token", json({ ...doggo, name: "Sneaky Coin", symbol: "SNK", raw: { name: "Sneaky\u200B\nCoin", symbol: "SNK\u202E" } }));
  renderForm();
  await checkToken(user, DOGGO_ADDRESS);
  const cleaned = await screen.findByTestId("cleaned-text");
  expect(cleaned).toHaveTextContent("Name: Sneaky\\u{200B}\\nCoin");
  expect(cleaned).toHaveTextContent("Symbol: SNK\\u{202E}");
  expect(cleaned.textContent).not.toMatch(/[\u200B\u202E]/);
});

test.each([
  ["not an ERC-20", 422, "not_a_token", "0x5FbDB2315678afecb367f032d93F642f64180aa3 does not answer as an ERC-20 token (name() reverted)."],
  ["under the liquidity floor", 422, "under_liquidity_floor", "THIN cannot be listed yet: its best PulseX pool has $120 of liquidity, under the $5,000 a listed price needs."],
  ["without a pool", 422, "not_priceable", "LONE cannot be listed: no pool."],
  ["the chain down", 503, "service_unavailable", "The PulseChain RPC did not answer. Try again later."],
])("a token refused (%s): the server's words, and no order form", async (_name, status, code, message) => {
  const user = userEvent.setup();
  api.on("GET /api/orders/token", apiError(status, code, message));
  renderForm();
  await checkToken(user, DOGGO_ADDRESS);
  expect(await screen.findByTestId("token-refusal")).toHaveTextContent(message);
  expect(screen.queryByRole("group", { name: "Listing plan" })).not.toBeInTheDocument();
  expect(screen.queryByRole("button", { name: "Get quote" })).not.toBeInTheDocument();
});

test("a token listed already: the plan's refusal, and a Homepage Compare slot only", async () => {
  const user = userEvent.setup();
  api.on("GET /api/orders/token", json(listedHex));
  renderForm();
  await checkToken(user, listedHex.contractAddress);
  const listed = await screen.findByTestId("token-listed");
  expect(within(listed).getByRole("alert")).toHaveTextContent(`${listedHex.contractAddress} is already listed as "hex".`);
  expect(within(listed).getByRole("link", { name: "/coins/hex" })).toHaveAttribute("href", "/coins/hex");
  expect(screen.queryByRole("group", { name: "Listing plan" })).not.toBeInTheDocument();
  const slot = screen.getByRole("group", { name: "Homepage Compare slot" });
  // No "No slot": the slot is what this order is for.
  expect(within(slot).getAllByRole("radio").map((radio) => radio.closest("label")!.textContent)).toEqual(["1 Day $100", "3 Days $250", "1 Week $475"]);
});

test("listings closed since the page loaded: the check's 503 closes the form", async () => {
  const user = userEvent.setup();
  api.on("GET /api/orders/token", apiError(503, "listings_closed", "Listings are closed: this site takes no payments right now."));
  renderForm();
  await checkToken(user, DOGGO_ADDRESS);
  expect(await screen.findByRole("heading", { name: "Listings are closed" })).toBeInTheDocument();
});

test("editing the address after a check drops what was read for the old one", async () => {
  const user = userEvent.setup();
  api.on("GET /api/orders/token", json(doggo));
  renderForm();
  await checkToken(user, DOGGO_ADDRESS);
  await screen.findByTestId("token-preview");
  await user.type(addressField(), "0");
  await waitFor(() => expect(screen.queryByTestId("token-preview")).not.toBeInTheDocument());
  expect(screen.queryByRole("group", { name: "Listing plan" })).not.toBeInTheDocument();
});
