// The /alerts page against a fake of our API, with the browser's Push API stood in for (jsdom has
// none): each section's loading, error, empty and listed states, pause and delete sending the
// right calls, and this browser's push states from unsupported to on.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AlertsView } from "@/components/alerts/alerts-view";
import { apiError, hold, json, noContent, useFakeApi, type Held, type Reply } from "@/tests/helpers/fake-api";
import { alice, renderPageWithToaster } from "@/tests/helpers/render-with-query";
import { expectToast, useToastReset } from "@/tests/helpers/toasts";
import { alertFiring, alertRule, installPush, plsx, removePush, SUBSCRIPTION_KEYS, VAPID_PUBLIC_KEY } from "./alerts-fixtures";

const api = useFakeApi();
useToastReset();

beforeEach(() => localStorage.clear());
afterEach(() => removePush());

const reach = alertRule({ id: 3, description: "HEX reaches BTC's market cap" });
const waiting = alertRule({ id: 4, description: "HEX reaches 50% of BTC's market cap", level: 0.5, state: "waiting", lastFiredAt: "2026-11-27T18:05:00.000Z" });
const paused = alertRule({ id: 5, kind: "price", coin: plsx, otherCoin: null, direction: "above", level: 0.0001, description: "PLSX price goes above $0.0001", state: "paused" });
const gone = alertRule({ id: 6, kind: "new_ath", coin: { ...plsx, gone: true }, otherCoin: null, level: null, description: "PLSX makes a new all-time high", state: "coin_gone" });
// Made while BTC had no market cap (B's id in waitingFor), and one whose coins both have one now.
const noTarget = alertRule({ id: 9, description: "HEX reaches 2x BTC's market cap", level: 2, state: "waiting_for_market_cap", waitingFor: ["btc"] });
const noHighs = alertRule({ id: 10, kind: "reach_ath", description: "HEX reaches BTC's all-time-high market cap", state: "waiting_for_market_cap", waitingFor: ["hex", "btc"] });
const setNext = alertRule({ id: 11, description: "HEX reaches 3x BTC's market cap", level: 3, state: "waiting_for_market_cap", waitingFor: [] });

const browsers = [
  { id: 7, label: "Chrome on Linux", createdAt: "2026-11-26T09:00:00.000Z" },
  { id: 8, label: "Firefox on Android", createdAt: "2026-11-25T09:00:00.000Z" },
];

/** Every read the page makes, each answered as given (defaults: one rule, nothing fired, no browsers, keys set, no bot). */
type Answer = Reply | Held;
function answerReads({
  rules = json([reach]),
  firings = json([]),
  subscriptions = json([]),
  vapid = json({ publicKey: VAPID_PUBLIC_KEY }),
  telegram = json({ botUsername: null, status: "none", since: null }),
}: { rules?: Answer; firings?: Answer; subscriptions?: Answer; vapid?: Answer; telegram?: Answer } = {}) {
  api.on("GET /api/alerts", rules);
  api.on("GET /api/alert-firings", firings);
  api.on("GET /api/push-subscriptions", subscriptions);
  api.on("GET /api/push/vapid-key", vapid);
  api.on("GET /api/telegram/link", telegram);
}

const renderPage = () => renderPageWithToaster(<AlertsView />, alice);
const section = (name: string) => screen.getByRole("region", { name });

test("asks a signed-out visitor to log in and asks for nothing", () => {
  renderPageWithToaster(<AlertsView />, null);
  expect(screen.getByRole("heading", { name: "Login Required" })).toBeInTheDocument();
  expect(screen.getByText("Please log in to view your alerts.")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login?returnTo=%2Falerts");
  expect(api.calls()).toHaveLength(0);
});

describe("the rules", () => {
  test("load with a spinner, then each rule with its state in words", async () => {
    const rules = hold();
    answerReads({ rules });
    renderPage();
    expect(within(section("Your alerts")).getByRole("status")).toHaveTextContent("Loading your alerts");
    rules.release(json([reach, waiting, paused, gone]));
    const list = await screen.findByRole("list", { name: "Your alerts" });
    const rows = within(list).getAllByTestId("alert-rule");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("ArmedAlerts you on the next crossing"),
      expect.stringContaining("Waiting to re-armFired Nov 27, 18:05 UTC; fires again once the value has moved back past the level"),
      expect.stringContaining("PausedSends nothing until you resume it"),
      expect.stringContaining("Coin gonePLSX was removed from the site: this alert no longer fires"),
    ]);
    expect(within(rows[0]!).getByText("HEX reaches BTC's market cap")).toBeInTheDocument();
    // A gone coin's rule can only be deleted.
    expect(within(rows[3]!).queryByRole("button", { name: /^Pause|^Resume/ })).toBeNull();
    expect(within(rows[3]!).getByRole("button", { name: "Delete alert: PLSX makes a new all-time high" })).toBeEnabled();
  });

  test("a reach rule made while a coin had no market cap says which coin's figure it waits for, by its symbol", async () => {
    answerReads({ rules: json([noTarget, noHighs, setNext]) });
    renderPage();
    const rows = within(await screen.findByRole("list", { name: "Your alerts" })).getAllByTestId("alert-rule");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Waiting for a market capWaiting for BTC's market cap: sets itself the first time BTC has one, and fires only on a crossing after that"),
      expect.stringContaining("Waiting for a market capWaiting for HEX's market cap and BTC's all-time-high market cap: sets itself the first time HEX and BTC have one"),
      expect.stringContaining("Waiting for a market capSets itself at the next market update; fires only on a crossing after that"),
    ]);
    expect(within(rows[0]!).getByRole("button", { name: "Pause alert: HEX reaches 2x BTC's market cap" })).toBeEnabled();
  });

  test("a failed load says so and 'Try again' reads them again", async () => {
    const user = userEvent.setup();
    answerReads();
    api.once("GET /api/alerts", apiError(500));
    renderPage();
    const rules = section("Your alerts");
    expect(await within(rules).findByText(/Couldn't load your alerts\./)).toBeInTheDocument();
    await user.click(within(rules).getByRole("button", { name: "Try again" }));
    expect(await within(rules).findByText("HEX reaches BTC's market cap")).toBeInTheDocument();
    expect(api.calls("GET /api/alerts")).toHaveLength(2);
  });

  test("none yet: says where to make one", async () => {
    answerReads({ rules: json([]) });
    renderPage();
    const rules = section("Your alerts");
    expect(await within(rules).findByText("You have no alerts yet.")).toBeInTheDocument();
    expect(within(rules).getByText(/a coin's page/)).toBeInTheDocument();
    expect(within(rules).getByRole("link", { name: "Start Comparing" })).toHaveAttribute("href", "/");
  });

  test("Pause sends paused: true, Resume paused: false, and the list is read again", async () => {
    const user = userEvent.setup();
    answerReads({ rules: json([reach, paused]) });
    api.on("PATCH /api/alerts/3", json({ ...reach, state: "paused" }));
    api.on("PATCH /api/alerts/5", json({ ...paused, state: "armed" }));
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Pause alert: HEX reaches BTC's market cap" }));
    await expectToast({ title: "Alert paused", description: "HEX reaches BTC's market cap" });
    expect(api.calls("PATCH /api/alerts/3").map((call) => call.body)).toEqual([{ paused: true }]);
    expect(api.calls("GET /api/alerts")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Resume alert: PLSX price goes above $0.0001" }));
    await expectToast({ title: "Alert resumed", description: "PLSX price goes above $0.0001" });
    expect(api.calls("PATCH /api/alerts/5").map((call) => call.body)).toEqual([{ paused: false }]);
  });

  test("Delete asks first; from the keyboard, Cancel sends nothing and 'Delete alert' sends DELETE", async () => {
    const user = userEvent.setup();
    answerReads({ rules: json([reach]) });
    api.once("GET /api/alerts", json([reach]));
    renderPage();
    const deleteButton = await screen.findByRole("button", { name: "Delete alert: HEX reaches BTC's market cap" });
    deleteButton.focus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Delete this alert?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.calls("DELETE /api/alerts/3")).toHaveLength(0);

    api.on("DELETE /api/alerts/3", noContent());
    api.on("GET /api/alerts", json([]));
    deleteButton.focus();
    await user.keyboard("{Enter}");
    const again = await screen.findByRole("dialog", { name: "Delete this alert?" });
    within(again).getByRole("button", { name: "Delete alert" }).focus();
    await user.keyboard("{Enter}");
    await expectToast({ title: "Alert deleted", description: "HEX reaches BTC's market cap" });
    expect(api.calls("DELETE /api/alerts/3")).toHaveLength(1);
    // Its firings went with it: that list is read again too.
    expect(api.calls("GET /api/alert-firings")).toHaveLength(2);
    expect(await screen.findByText("You have no alerts yet.")).toBeInTheDocument();
  });

  test("a failed pause says so and keeps the rule", async () => {
    const user = userEvent.setup();
    answerReads();
    api.on("PATCH /api/alerts/3", apiError(500));
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Pause alert: HEX reaches BTC's market cap" }));
    await expectToast({ title: "Error", description: "Failed to change the alert. Please try again.", variant: "destructive" });
    expect(screen.getByRole("button", { name: "Pause alert: HEX reaches BTC's market cap" })).toBeEnabled();
  });
});

describe("the recent firings", () => {
  test("load with a spinner, then time in UTC, the message linking to its page, and delivery per channel", async () => {
    const firings = hold();
    answerReads({ firings });
    renderPage();
    expect(within(section("Recent alerts")).getByRole("status")).toHaveTextContent("Loading recent alerts");
    firings.release(
      json([
        alertFiring({
          id: 2,
          message: "HEX reached BTC's market cap: $1.2B",
          deliveries: [
            { channel: "webpush", target: "Chrome on Linux", status: "sent", attempts: 1, sentAt: "2026-11-27T18:05:02.000Z" },
            { channel: "webpush", target: "Firefox on Android", status: "pending", attempts: 0, sentAt: null },
            { channel: "webpush", target: "Edge on Windows", status: "failed", attempts: 5, sentAt: null },
            { channel: "webpush", target: "Removed browser", status: "gone", attempts: 1, sentAt: null },
          ],
        }),
        alertFiring({ id: 1, firedAt: "2026-11-26T07:30:00.000Z", message: "PLSX made a new all-time high: $0.0001", url: "/coins/plsx", suppressed: "daily_cap" }),
      ]),
    );
    const rows = await within(section("Recent alerts")).findAllByTestId("alert-firing");
    expect(within(rows[0]!).getByText("Nov 27, 18:05 UTC")).toHaveAttribute("dateTime", "2026-11-27T18:05:00.000Z");
    expect(within(rows[0]!).getByRole("link", { name: "HEX reached BTC's market cap: $1.2B" })).toHaveAttribute("href", "/compare/hex/btc");
    expect(within(within(rows[0]!).getByRole("list", { name: "Delivery" })).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Sent to Chrome on Linux",
      "Waiting: Firefox on Android",
      "Failed: Edge on Windows",
      "Browser removed: Removed browser",
    ]);
    expect(within(rows[1]!).getByText("Nov 26, 07:30 UTC")).toBeInTheDocument();
    expect(within(rows[1]!).getByRole("link", { name: "PLSX made a new all-time high: $0.0001" })).toHaveAttribute("href", "/coins/plsx");
    expect(within(rows[1]!).getByText("Not sent: daily limit reached")).toBeInTheDocument();
  });

  test("none yet, or a failed load, each say so", async () => {
    const user = userEvent.setup();
    answerReads();
    api.once("GET /api/alert-firings", apiError(500));
    renderPage();
    const firings = section("Recent alerts");
    expect(await within(firings).findByText(/Couldn't load your recent alerts\./)).toBeInTheDocument();
    await user.click(within(firings).getByRole("button", { name: "Try again" }));
    expect(await within(firings).findByText(/Nothing has fired yet\./)).toBeInTheDocument();
  });
});

describe("browser alerts", () => {
  const state = () => within(section("Browser alerts")).getByTestId("browser-push-state");

  test("a browser without the Push API is told so", async () => {
    answerReads();
    renderPage();
    expect(await within(section("Browser alerts")).findByText("This browser can't show alerts")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn on browser alerts" })).toBeNull();
  });

  test("a site without VAPID keys says browser alerts are not available here", async () => {
    installPush();
    answerReads({ vapid: json({ publicKey: null }) });
    renderPage();
    expect(await within(section("Browser alerts")).findByText("Browser alerts are not available on this site")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn on browser alerts" })).toBeNull();
  });

  test("notifications blocked in the browser's settings: says so and how to unblock", async () => {
    const push = installPush({ permission: "denied" });
    answerReads();
    renderPage();
    expect(await within(section("Browser alerts")).findByText("Notifications are blocked for this site")).toBeInTheDocument();
    expect(state()).toHaveTextContent(/set Notifications to Allow, then reload this page/);
    expect(screen.queryByRole("button", { name: "Turn on browser alerts" })).toBeNull();
    expect(push.requestPermission).not.toHaveBeenCalled();
  });

  test("off: permission is asked only on the click, then the worker is registered, subscribed, and the subscription posted", async () => {
    const user = userEvent.setup();
    const push = installPush();
    answerReads();
    const added = { id: 9, label: "Chrome on Linux", createdAt: "2026-11-27T18:00:00.000Z" };
    api.on("POST /api/push-subscriptions", json(added));
    renderPage();
    const turnOn = await screen.findByRole("button", { name: "Turn on browser alerts" });
    expect(state()).toHaveTextContent("Browser alerts are off in this browser");
    expect(push.requestPermission).not.toHaveBeenCalled();
    expect(push.register).not.toHaveBeenCalled();

    api.on("GET /api/push-subscriptions", json([added]));
    await user.click(turnOn);
    await expectToast({ title: "Browser alerts on", description: "This browser will show your alerts." });
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    expect(push.register).toHaveBeenCalledWith("/alerts-sw.js", { scope: "/" });
    const [options] = push.subscribe.mock.calls[0] as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey).toString("base64url")).toBe(VAPID_PUBLIC_KEY);
    expect(api.calls("POST /api/push-subscriptions").map((call) => call.body)).toEqual([
      { endpoint: "https://push.example.test/send/abc123", expirationTime: null, keys: SUBSCRIPTION_KEYS },
    ]);
    expect(await within(section("Browser alerts")).findByText("Browser alerts are on in this browser")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Your browsers" })).getByText("(this browser)")).toBeInTheDocument();
  });

  test("off, and the visitor says no at the browser's question: blocked, nothing posted", async () => {
    const user = userEvent.setup();
    installPush({ answer: "denied" });
    answerReads();
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Turn on browser alerts" }));
    expect(await within(section("Browser alerts")).findByText("Notifications are blocked for this site")).toBeInTheDocument();
    expect(api.calls("POST /api/push-subscriptions")).toHaveLength(0);
  });

  test("on: 'Turn off' removes the subscription from the server and unsubscribes the browser", async () => {
    const user = userEvent.setup();
    const push = installPush({ permission: "granted", subscribed: true });
    localStorage.setItem("pc-push-subscription", JSON.stringify({ endpoint: "https://push.example.test/send/abc123", id: 7 }));
    answerReads({ subscriptions: json(browsers) });
    api.on("DELETE /api/push-subscriptions/7", noContent());
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Turn off" }));
    api.on("GET /api/push-subscriptions", json(browsers.slice(1)));
    await expectToast({ title: "Browser alerts off", description: "This browser will no longer show your alerts." });
    expect(api.calls("DELETE /api/push-subscriptions/7")).toHaveLength(1);
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("button", { name: "Turn on browser alerts" })).toBeInTheDocument();
  });

  test("the user's browsers are listed, each removable, and a test notification can be sent", async () => {
    const user = userEvent.setup();
    answerReads({ subscriptions: json(browsers) });
    api.on("DELETE /api/push-subscriptions/8", noContent());
    api.on("POST /api/alerts/test", json({ subscriptions: 2, sent: 2, failed: 0 }));
    renderPage();
    const list = await screen.findByRole("list", { name: "Your browsers" });
    expect(within(list).getAllByTestId("push-subscription").map((row) => row.textContent)).toEqual([
      expect.stringContaining("Chrome on LinuxAdded Nov 26, 2026"),
      expect.stringContaining("Firefox on AndroidAdded Nov 25, 2026"),
    ]);
    // The cap, said where the browsers are listed (issue 50).
    expect(screen.getByText("Up to 10 browsers: adding another replaces the oldest.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Send a test notification" }));
    await expectToast({ title: "Test notification sent", description: "Sent to 2 browsers." });
    expect(api.calls("POST /api/alerts/test")).toHaveLength(1);

    api.on("GET /api/push-subscriptions", json(browsers.slice(0, 1)));
    await user.click(within(list).getByRole("button", { name: "Remove Firefox on Android" }));
    await expectToast({ title: "Browser removed", description: "Firefox on Android will no longer receive your alerts." });
    expect(api.calls("DELETE /api/push-subscriptions/8")).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId("push-subscription")).toHaveLength(1));
  });

  test("a test notification past its budget says when to try again", async () => {
    const user = userEvent.setup();
    answerReads({ subscriptions: json(browsers) });
    api.on("POST /api/alerts/test", apiError(429, "rate_limited", "Too many requests. Try again in 412 s."));
    renderPage();
    await user.click(await screen.findByRole("button", { name: "Send a test notification" }));
    await expectToast({ title: "Error", description: "Too many requests. Try again in 412 s. (at most 5 test notifications in 10 minutes)", variant: "destructive" });
  });

  test("no browser yet, and a failed list, each say so", async () => {
    const user = userEvent.setup();
    answerReads();
    api.once("GET /api/push-subscriptions", apiError(500));
    renderPage();
    const browsersSection = section("Browser alerts");
    expect(await within(browsersSection).findByText(/Couldn't load your browsers\./)).toBeInTheDocument();
    await user.click(within(browsersSection).getByRole("button", { name: "Try again" }));
    expect(await within(browsersSection).findByText(/No browser receives your alerts yet\./)).toBeInTheDocument();
  });
});
