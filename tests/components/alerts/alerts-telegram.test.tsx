// The /alerts page's Telegram section against a fake of our API: no bot, not linked, Connect
// (the one-time link, its expiry, polling until linked), linked with Disconnect (asked first),
// blocked and stopped; and Telegram deliveries in the recent firings.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AlertsView } from "@/components/alerts/alerts-view";
import { TELEGRAM_POLL_MS } from "@/components/alerts/telegram-settings";
import { apiError, hold, json, noContent, useFakeApi } from "@/tests/helpers/fake-api";
import { alice, renderPageWithToaster } from "@/tests/helpers/render-with-query";
import { expectToast, useToastReset } from "@/tests/helpers/toasts";
import { alertFiring, VAPID_PUBLIC_KEY } from "./alerts-fixtures";

const api = useFakeApi();
useToastReset();

const BOT = "PulseCompareBot";
const none = { botUsername: BOT, status: "none", since: null };
const linked = { botUsername: BOT, status: "linked", since: "2026-11-27T18:05:00.000Z" };
const TOKEN = "a".repeat(43);

function answerReads(telegram: Parameters<FakeApiOn>[1], firings: Parameters<FakeApiOn>[1] = json([])) {
  api.on("GET /api/alerts", json([]));
  api.on("GET /api/alert-firings", firings);
  api.on("GET /api/push-subscriptions", json([]));
  api.on("GET /api/push/vapid-key", json({ publicKey: VAPID_PUBLIC_KEY }));
  api.on("GET /api/telegram/link", telegram);
}
type FakeApiOn = typeof api.on;

const renderPage = () => renderPageWithToaster(<AlertsView />, alice);
const section = () => screen.getByRole("region", { name: "Telegram" });
const state = () => within(section()).getByTestId("telegram-state");

test("loads with a spinner; without a bot says Telegram alerts are not available, and offers nothing", async () => {
  const telegram = hold();
  answerReads(telegram);
  renderPage();
  expect(within(section()).getByRole("status")).toHaveTextContent("Loading Telegram alerts");
  telegram.release(json({ botUsername: null, status: "none", since: null }));
  expect(await within(section()).findByText("Telegram alerts are not available on this site")).toBeInTheDocument();
  expect(within(section()).queryByRole("button")).toBeNull();
});

test("a failed load says so and 'Try again' reads it again", async () => {
  const user = userEvent.setup();
  answerReads(json(none));
  api.once("GET /api/telegram/link", apiError(500));
  renderPage();
  expect(await within(section()).findByText(/Couldn't load your Telegram link\./)).toBeInTheDocument();
  await user.click(within(section()).getByRole("button", { name: "Try again" }));
  expect(await within(section()).findByRole("button", { name: "Connect Telegram" })).toBeInTheDocument();
});

test("Connect (from the keyboard) shows the one-time link as 'Open Telegram' with its expiry, reads the status until linked, then says so", async () => {
  const user = userEvent.setup();
  answerReads(json(none));
  const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
  api.on("POST /api/telegram/link", json({ url: `https://t.me/${BOT}?start=${TOKEN}`, expiresAt }));
  renderPage();
  const connect = await within(section()).findByRole("button", { name: "Connect Telegram" });
  expect(state()).toHaveTextContent("Telegram is not linked");
  connect.focus();
  await user.keyboard("{Enter}");
  const open = await within(section()).findByRole("link", { name: "Open Telegram" });
  expect(open).toHaveAttribute("href", `https://t.me/${BOT}?start=${TOKEN}`);
  expect(open).toHaveAttribute("target", "_blank");
  expect(within(section()).getByTestId("telegram-offer")).toHaveTextContent(`press Start in the chat with @${BOT}. It works once, until`);
  expect(within(section()).getByTestId("telegram-offer")).toHaveTextContent("UTC");
  expect(api.calls("POST /api/telegram/link")).toHaveLength(1);

  const reads = api.calls("GET /api/telegram/link").length;
  api.on("GET /api/telegram/link", json(linked));
  expect(await within(section()).findByText("Linked to a Telegram chat", undefined, { timeout: TELEGRAM_POLL_MS + 2_000 })).toBeInTheDocument();
  expect(api.calls("GET /api/telegram/link").length).toBeGreaterThan(reads);
  await expectToast({ title: "Telegram linked", description: "Your alerts will arrive in that chat." });
  expect(within(section()).queryByRole("link", { name: "Open Telegram" })).toBeNull();
});

test("a link that expires unused says so and offers Connect again", async () => {
  const user = userEvent.setup();
  answerReads(json(none));
  api.on("POST /api/telegram/link", json({ url: `https://t.me/${BOT}?start=${TOKEN}`, expiresAt: new Date(Date.now() + 1_500).toISOString() }));
  renderPage();
  await user.click(await within(section()).findByRole("button", { name: "Connect Telegram" }));
  expect(await within(section()).findByRole("link", { name: "Open Telegram" })).toBeInTheDocument();
  expect(await within(section()).findByText(/The link expired before the chat was linked\./, undefined, { timeout: 4_000 })).toBeInTheDocument();
  expect(within(section()).getByRole("button", { name: "Connect Telegram again" })).toBeEnabled();
  expect(within(section()).queryByRole("link", { name: "Open Telegram" })).toBeNull();
});

test("Connect failing (503, no bot any more) says why", async () => {
  const user = userEvent.setup();
  answerReads(json(none));
  api.on("POST /api/telegram/link", apiError(503, "telegram_unavailable", "Telegram alerts are not available on this site."));
  renderPage();
  await user.click(await within(section()).findByRole("button", { name: "Connect Telegram" }));
  expect(await within(section()).findByRole("alert")).toHaveTextContent("Couldn't create a Telegram link: Telegram alerts are not available on this site.");
});

test("linked: since when, and Disconnect asks first; Cancel sends nothing, Disconnect sends DELETE and the page reads 'not linked'", async () => {
  const user = userEvent.setup();
  answerReads(json(linked));
  renderPage();
  expect(await within(section()).findByText("Linked to a Telegram chat")).toBeInTheDocument();
  expect(state()).toHaveTextContent("Since Nov 27, 2026.");
  await user.click(within(section()).getByRole("button", { name: "Disconnect" }));
  const dialog = await screen.findByRole("dialog", { name: "Disconnect Telegram?" });
  await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(api.calls("DELETE /api/telegram/link")).toHaveLength(0);

  api.on("DELETE /api/telegram/link", noContent());
  api.on("GET /api/telegram/link", json({ botUsername: BOT, status: "stopped", since: "2026-11-28T09:00:00.000Z" }));
  await user.click(within(section()).getByRole("button", { name: "Disconnect" }));
  await user.click(within(await screen.findByRole("dialog", { name: "Disconnect Telegram?" })).getByRole("button", { name: "Disconnect" }));
  await expectToast({ title: "Telegram disconnected", description: "Alerts no longer go to that chat." });
  expect(api.calls("DELETE /api/telegram/link")).toHaveLength(1);
  expect(await within(section()).findByRole("button", { name: "Connect Telegram again" })).toBeInTheDocument();
  expect(state()).toHaveTextContent("The chat was unlinked on Nov 28, 2026.");
});

test("blocked: says the bot was blocked in the chat so alerts stopped, and offers Connect again", async () => {
  answerReads(json({ botUsername: BOT, status: "blocked", since: "2026-11-27T20:00:00.000Z" }));
  renderPage();
  expect(await within(section()).findByText("Telegram alerts stopped: the bot was blocked in the chat")).toBeInTheDocument();
  expect(state()).toHaveTextContent("alerts stopped going there");
  expect(within(section()).getByRole("button", { name: "Connect Telegram again" })).toBeEnabled();
});

test("recent firings name Telegram deliveries", async () => {
  answerReads(
    json(linked),
    json([
      alertFiring({
        id: 2,
        message: "HEX reached BTC's market cap: $1.2B",
        deliveries: [
          { channel: "webpush", target: "Chrome on Linux", status: "sent", attempts: 1, sentAt: "2026-11-27T18:05:02.000Z" },
          { channel: "telegram", target: "Telegram", status: "sent", attempts: 1, sentAt: "2026-11-27T18:05:02.000Z" },
        ],
      }),
      alertFiring({ id: 1, message: "HEX reached BTC's market cap: $1.1B", deliveries: [{ channel: "telegram", target: "Telegram", status: "gone", attempts: 1, sentAt: null }] }),
    ]),
  );
  renderPage();
  const rows = await within(screen.getByRole("region", { name: "Recent alerts" })).findAllByTestId("alert-firing");
  const texts = (row: HTMLElement) => within(within(row).getByRole("list", { name: "Delivery" })).getAllByRole("listitem").map((item) => item.textContent);
  expect(texts(rows[0]!)).toEqual(["Sent to Chrome on Linux", "Sent to Telegram"]);
  expect(texts(rows[1]!)).toEqual(["Chat unlinked: Telegram"]);
});
