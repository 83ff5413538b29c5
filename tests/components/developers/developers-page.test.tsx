// /developers against a fake of our API: the public explanation, the sign-in prompt, and for a
// signed-in wallet the keys' loading, error, empty and listed states, a key created and shown once,
// the cap, and Revoke asked first.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApiKeysSection } from "@/components/developers/api-keys-section";
import { OpenApiIntro } from "@/components/developers/open-api-intro";
import { API_KEY_LIMIT, type ApiKeyView, type CreatedApiKey } from "@/lib/api-keys/schemas";
import { apiError, hold, json, noContent, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderPageWithToaster } from "@/tests/helpers/render-with-query";
import { expectToast, useToastReset } from "@/tests/helpers/toasts";

const api = useFakeApi();
useToastReset();

const SECRET = `pcmp_AbCdEfG${"x".repeat(35)}A`;

function apiKey(overrides: Partial<ApiKeyView> & Pick<ApiKeyView, "id" | "name">): ApiKeyView {
  return { prefix: "pcmp_QrStUvW", createdAt: "2026-11-29T10:00:00.000Z", usedLastDay: 0, dayLimit: 50_000, minuteLimit: 600, ...overrides };
}
const bot = apiKey({ id: "AAAAAAAAAAAAAAAA", name: "Price bot", usedLastDay: 1234 });
const created: CreatedApiKey = { ...apiKey({ id: "BBBBBBBBBBBBBBBB", name: "Sheet", prefix: SECRET.slice(0, 12) }), secret: SECRET };

const renderSection = (auth: typeof alice | null = alice) => renderPageWithToaster(<ApiKeysSection />, auth);

test("the public part says what the API is, where it is described and both quotas", () => {
  render(<OpenApiIntro siteUrl="https://pulsecompare.example" quotas={{ anonymousPerMinute: 120, keyPerMinute: 600, keyPerDay: 50_000 }} />);
  expect(screen.getByRole("link", { name: "/api/openapi.json" })).toHaveAttribute("href", "/api/openapi.json");
  expect(screen.getByRole("link", { name: "/llms.txt" })).toHaveAttribute("href", "/llms.txt");
  expect(screen.getByText("curl https://pulsecompare.example/api/pairs/plsx/hex")).toBeInTheDocument();
  expect(screen.getByTestId("anonymous-quota")).toHaveTextContent("120 calls a minute per IP address.");
  expect(screen.getByTestId("key-quota")).toHaveTextContent("600 calls a minute and 50,000 a day per key");
});

test("asks a signed-out visitor to sign in, back to /developers, and asks for nothing", () => {
  renderSection(null);
  expect(screen.getByText(/Sign in with your wallet to create API keys/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login?returnTo=%2Fdevelopers");
  expect(api.calls()).toHaveLength(0);
});

test("loads with a spinner, then lists each key: name, prefix, created date and use today", async () => {
  const list = hold();
  api.on("GET /api/api-keys", list);
  renderSection();
  expect(screen.getByRole("status")).toHaveTextContent("Loading");
  list.release(json([bot, apiKey({ id: "CCCCCCCCCCCCCCCC", name: "Idle" })]));
  const rows = within(await screen.findByRole("list", { name: "Your API keys" })).getAllByTestId("api-key");
  expect(rows[0]).toHaveTextContent("Price bot");
  expect(rows[0]).toHaveTextContent("pcmp_QrStUvW…");
  expect(rows[0]).toHaveTextContent("Created Nov 29, 2026");
  expect(within(rows[0]!).getByTestId("api-key-use")).toHaveTextContent("1,234 of 50,000 calls used in the last day · 600 a minute");
  expect(within(rows[1]!).getByTestId("api-key-use")).toHaveTextContent("0 of 50,000 calls used in the last day");
});

test("no keys yet: says so, with the form", async () => {
  api.on("GET /api/api-keys", json([]));
  renderSection();
  expect(await screen.findByTestId("api-keys-empty")).toHaveTextContent("You have no API keys yet.");
  expect(screen.getByRole("button", { name: "Create key" })).toBeEnabled();
});

test("a list that fails to load offers another try", async () => {
  api.once("GET /api/api-keys", apiError(500, "internal_error"));
  api.on("GET /api/api-keys", json([bot]));
  renderSection();
  expect(await screen.findByRole("heading", { name: "Couldn't load your API keys" })).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Try again" }));
  expect(await screen.findByText("Price bot")).toBeInTheDocument();
});

describe("creating a key", () => {
  beforeEach(() => {
    Object.defineProperty(navigator, "clipboard", { value: { writeText: jest.fn(async () => {}) }, configurable: true });
  });

  test("sends its name, shows the key once with Copy and a curl line, focused; the list is read again", async () => {
    api.once("GET /api/api-keys", json([]));
    api.on("GET /api/api-keys", json([{ ...created, secret: undefined }]));
    api.on("POST /api/api-keys", json(created, 201));
    renderSection();
    await userEvent.type(await screen.findByRole("textbox", { name: "Key name" }), "Sheet");
    await userEvent.keyboard("{Enter}");

    const panel = await screen.findByTestId("new-api-key");
    expect(api.calls("POST /api/api-keys").map((call) => call.body)).toEqual([{ name: "Sheet" }]);
    expect(within(panel).getByRole("heading", { name: /Your new key “Sheet”/ })).toHaveFocus();
    expect(panel).toHaveTextContent("Copy it now: it will not be shown again.");
    expect(within(panel).getByRole("textbox", { name: "Your new API key" })).toHaveValue(SECRET);
    expect(within(panel).getByLabelText("A curl command with your key")).toHaveTextContent(`curl -H "Authorization: Bearer ${SECRET}" http://localhost/api/pairs/plsx/hex`);
    await userEvent.click(within(panel).getByRole("button", { name: "Copy the API key" }));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(panel).findByText("Copied")).toBeInTheDocument();
    // The list was read again: the new key is in it, by its prefix only.
    expect(await screen.findByText(`${SECRET.slice(0, 12)}…`)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Key name" })).toHaveValue("");

    await userEvent.click(within(panel).getByRole("button", { name: "I've saved my key" }));
    expect(screen.queryByTestId("new-api-key")).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  test("an empty name is refused beside the field, without a call", async () => {
    api.on("GET /api/api-keys", json([]));
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Create key" }));
    const field = screen.getByRole("textbox", { name: "Key name" });
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(expect.stringContaining("Give the key a name."));
    expect(api.calls("POST /api/api-keys")).toHaveLength(0);
  });

  test("the server's refusal is shown in its words", async () => {
    api.on("GET /api/api-keys", json([bot]));
    api.on("POST /api/api-keys", apiError(409, "too_many_api_keys", `You have ${API_KEY_LIMIT} API keys, the most a wallet can hold. Revoke one to create another.`));
    renderSection();
    await userEvent.type(await screen.findByRole("textbox", { name: "Key name" }), "One more");
    await userEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(`You have ${API_KEY_LIMIT} API keys, the most a wallet can hold.`);
    expect(screen.queryByTestId("new-api-key")).toBeNull();
  });

  test(`at ${API_KEY_LIMIT} keys the form gives way to why`, async () => {
    api.on("GET /api/api-keys", json(Array.from({ length: API_KEY_LIMIT }, (_, i) => apiKey({ id: `${i}`.padStart(16, "K"), name: `key ${i}` }))));
    renderSection();
    expect(await screen.findByTestId("api-key-cap")).toHaveTextContent(`You have ${API_KEY_LIMIT} keys, the most a wallet can hold. Revoke one`);
    expect(screen.queryByRole("button", { name: "Create key" })).toBeNull();
  });
});

test("Revoke asks first, then sends the DELETE and says it is done", async () => {
  api.once("GET /api/api-keys", json([bot]));
  api.on("GET /api/api-keys", json([]));
  api.on(`DELETE /api/api-keys/${bot.id}`, noContent());
  renderSection();
  await userEvent.click(await screen.findByRole("button", { name: "Revoke API key Price bot" }));
  const dialog = screen.getByRole("dialog", { name: "Revoke “Price bot”?" });
  expect(dialog).toHaveTextContent("refused (401) from now on");
  expect(api.calls(`DELETE /api/api-keys/${bot.id}`)).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole("button", { name: "Revoke key" }));
  await waitFor(() => expect(api.calls(`DELETE /api/api-keys/${bot.id}`)).toHaveLength(1));
  await expectToast({ title: "API key revoked", description: '"Price bot" no longer works.' });
  expect(await screen.findByTestId("api-keys-empty")).toBeInTheDocument();
});
