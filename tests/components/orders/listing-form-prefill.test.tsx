// The Listing Form opened with ?token=0x… (the Telegram Listing Bot's button): the address is
// filled in and checked on arrival, as if the buyer had typed it and pressed "Check token"; a bad
// parameter is ignored and the form opens empty.
import { screen, within } from "@testing-library/react";
import { ListingForm } from "@/components/get-listed/apply/listing-form";
import { tokenParam } from "@/lib/orders/order-token-schema";
import { apiError, json, useFakeApi } from "@/tests/helpers/fake-api";
import { TEST_INDEX_VERSION } from "@/tests/helpers/coin-api";
import { alice, renderWithQueryClient, type AuthAnswer } from "@/tests/helpers/render-with-query";
import { DOGGO_ADDRESS, doggo } from "./listing-form-fixtures";

const api = useFakeApi();

function renderForm(initialAddress: string | undefined, auth: AuthAnswer = alice) {
  return renderWithQueryClient(<ListingForm listingsOpen indexVersion={TEST_INDEX_VERSION} initialAddress={initialAddress} />, auth);
}

const addressField = () => screen.getByRole("textbox", { name: "Token contract address (PulseChain)" });

test("?token= read by the page: a good address checksummed; missing, repeated, malformed or mis-checksummed ones ignored", () => {
  expect(tokenParam(DOGGO_ADDRESS.toLowerCase())).toBe(DOGGO_ADDRESS);
  expect(tokenParam(` ${DOGGO_ADDRESS} `)).toBe(DOGGO_ADDRESS);
  for (const bad of [undefined, "", "0x123", "hex", [DOGGO_ADDRESS, DOGGO_ADDRESS], DOGGO_ADDRESS.toLowerCase().replace(/^0x./, "0xA")]) {
    expect(tokenParam(bad)).toBeUndefined();
  }
});

test("opened with a token: the field holds it and the server's check runs once, showing the preview and the plans", async () => {
  api.on("GET /api/orders/token", json(doggo));
  renderForm(DOGGO_ADDRESS);
  expect(addressField()).toHaveValue(DOGGO_ADDRESS);
  const preview = await screen.findByTestId("token-preview");
  expect(within(preview).getByText("Name", { selector: "dt" }).nextElementSibling).toHaveTextContent("Doggo Inu");
  expect(screen.getByRole("group", { name: "Listing plan" })).toBeInTheDocument();
  expect(api.calls("GET /api/orders/token").map((call) => call.url)).toEqual([`/api/orders/token?address=${DOGGO_ADDRESS}`]);
});

test("opened with a token the server refuses: its words, as for a typed one", async () => {
  const message = "THIN cannot be listed yet: its best PulseX pool has $120 of liquidity, under the $5,000 a listed price needs.";
  api.on("GET /api/orders/token", apiError(422, "under_liquidity_floor", message));
  renderForm(DOGGO_ADDRESS);
  expect(await screen.findByTestId("token-refusal")).toHaveTextContent(message);
  expect(screen.queryByRole("group", { name: "Listing plan" })).not.toBeInTheDocument();
});

test("signed out with a token: nothing is checked, and 'Log in' comes back to the same token", () => {
  renderForm(DOGGO_ADDRESS, null);
  expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", `/api/login?returnTo=${encodeURIComponent(`/get-listed/apply?token=${DOGGO_ADDRESS}`)}`);
  expect(api.calls()).toHaveLength(0);
});

test("without a token (or a bad one, which the page drops): an empty field and no call", () => {
  renderForm(tokenParam("0x123"));
  expect(addressField()).toHaveValue("");
  expect(api.calls()).toHaveLength(0);
});
