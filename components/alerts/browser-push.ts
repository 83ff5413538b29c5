// This browser's side of Web Push (issue 39): whether it can receive alerts, whether the visitor
// blocked them, and its subscription. Nothing here asks for permission except turnOnPush, which
// only a click on "Turn on browser alerts" calls.
import { homeScreenState, type HomeScreenState } from "@/lib/alerts/home-screen";
import { callApi } from "@/lib/api/call-api.browser";

const alertsEndpoints = () => import("@/lib/alerts/endpoints");

/** The service worker that shows the notifications (public/alerts-sw.js), over the whole site. */
export const ALERTS_WORKER_URL = "/alerts-sw.js";
const WORKER_SCOPE = "/";

/**
 * unsupported: no service worker or Push API here. blocked: the visitor said no (only the
 * browser's site settings can undo that). off: nothing subscribed, or a subscription the server
 * does not list (removed from another device). on: subscribed, and listed as `subscriptionId`.
 */
export type BrowserPush =
  | { kind: "unsupported" }
  | { kind: "blocked" }
  | { kind: "off" }
  | { kind: "on"; subscriptionId: number };

// Which of the server's subscriptions is this browser's: the API never returns an endpoint, so the
// id the server gave this browser's subscription is kept here, with the endpoint it belongs to.
const REMEMBERED = "pc-push-subscription";
type Remembered = { endpoint: string; id: number };

function remembered(): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(REMEMBERED) ?? "null") as Partial<Remembered> | null;
    return value && typeof value.endpoint === "string" && typeof value.id === "number" ? { endpoint: value.endpoint, id: value.id } : null;
  } catch {
    return null;
  }
}

function remember(value: Remembered | null): void {
  try {
    if (value) localStorage.setItem(REMEMBERED, JSON.stringify(value));
    else localStorage.removeItem(REMEMBERED);
  } catch {
    // Storage refused (private mode): the page then shows this browser as off after a reload.
  }
}

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** Whether an iPhone or iPad must open the site from the Home Screen first (lib/alerts/home-screen.ts). */
export function homeScreenHere(): HomeScreenState {
  if (typeof window === "undefined") return "not-apple-mobile";
  return homeScreenState({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    standalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    displayModeStandalone: typeof window.matchMedia === "function" && window.matchMedia("(display-mode: standalone)").matches,
  });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** This browser's state, given the ids of the subscriptions the server lists for the user. */
export async function readBrowserPush(listedIds: readonly number[]): Promise<BrowserPush> {
  if (!pushSupported()) return { kind: "unsupported" };
  if (Notification.permission === "denied") return { kind: "blocked" };
  const subscription = await currentSubscription();
  const mine = remembered();
  if (subscription && mine && mine.endpoint === subscription.endpoint && listedIds.includes(mine.id)) {
    return { kind: "on", subscriptionId: mine.id };
  }
  return { kind: "off" };
}

export type TurnOnResult = { kind: "on" } | { kind: "blocked" } | { kind: "dismissed" };

/**
 * Asks for permission (the browser's prompt: this must run from a click), subscribes with the
 * server's VAPID key and hands the subscription to the server.
 */
export async function turnOnPush(vapidPublicKey: string): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return { kind: "blocked" };
  if (permission !== "granted") return { kind: "dismissed" };
  const registration = await navigator.serviceWorker.register(ALERTS_WORKER_URL, { scope: WORKER_SCOPE });
  const options = { userVisibleOnly: true, applicationServerKey: base64UrlToBytes(vapidPublicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch (error) {
    // A subscription made with an older key (the server's keys were replaced) refuses a new key
    // until it is dropped.
    const existing = await registration.pushManager.getSubscription();
    if (!existing) throw error;
    await existing.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
  }
  const json = subscription.toJSON();
  const added = await callApi(alertsEndpoints, "addPushSubscription", {
    body: { endpoint: subscription.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } },
  });
  remember({ endpoint: subscription.endpoint, id: added.id });
  return { kind: "on" };
}

/** Unsubscribes this browser and removes its subscription from the server. */
export async function turnOffPush(subscriptionId: number): Promise<void> {
  const subscription = await currentSubscription();
  // The server first: if that fails the browser stays subscribed and the page still says "on".
  await callApi(alertsEndpoints, "removePushSubscription", { params: { id: String(subscriptionId) } });
  remember(null);
  await subscription?.unsubscribe();
}

/** The VAPID key as the Push API wants it (the server gives it base64url-encoded, unpadded). */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
