// Answers of the alerts API (lib/alerts/schemas.ts shapes) and a stand-in for the browser's
// Push API, which jsdom does not have: a service worker container, a registration whose
// pushManager subscribes, Notification with a permission the test sets.
import type { AlertFiringView, AlertRuleView } from "@/lib/alerts/schemas";

const coin = (id: string, symbol: string, gone = false) => ({ id, symbol, name: `${symbol} Token`, gone });
export const hex = coin("hex", "HEX");
export const btc = coin("btc", "BTC");
export const plsx = coin("plsx", "PLSX");

export function alertRule(overrides: Partial<AlertRuleView> & Pick<AlertRuleView, "id" | "description">): AlertRuleView {
  return {
    kind: "reach",
    coin: hex,
    otherCoin: btc,
    direction: null,
    level: 1,
    state: "armed",
    waitingFor: [],
    lastFiredAt: null,
    createdAt: "2026-11-27T10:00:00.000Z",
    ...overrides,
  };
}

export function alertFiring(overrides: Partial<AlertFiringView> & Pick<AlertFiringView, "id" | "message">): AlertFiringView {
  return {
    ruleId: 1,
    firedAt: "2026-11-27T18:05:00.000Z",
    url: "/compare/hex/btc",
    value: 1,
    suppressed: null,
    deliveries: [],
    ...overrides,
  };
}

/** A P-256 public key and auth secret as a browser's subscription.toJSON() gives them (base64url). */
export const SUBSCRIPTION_KEYS = { p256dh: "BPzmvmR1f36zAAjL12tkSdm28OanFplNrpvF_HMbx_OzBixMvK9qLTPlP5arH1k08YAdH0xgoCAQ-d2jzx-FIPc", auth: "lLzz4WqL9WuIplIRn5uFtw" };
export const VAPID_PUBLIC_KEY = "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM";

export type FakePush = {
  permission: NotificationPermission;
  requestPermission: jest.Mock<Promise<NotificationPermission>, []>;
  register: jest.Mock;
  subscribe: jest.Mock;
  unsubscribe: jest.Mock;
  /** The subscription the browser holds (null: none). */
  subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: jest.Mock } | null;
  /** Whether the worker is registered (getRegistration finds it). */
  registered: boolean;
};

function define(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { configurable: true, writable: true, value });
}

/** Installs the Push API on window and navigator; removePush() takes it away again. */
export function installPush({ permission = "default", answer = "granted", subscribed = false }: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {}): FakePush {
  const endpoint = "https://push.example.test/send/abc123";
  const unsubscribe = jest.fn(async () => {
    fake.subscription = null;
    return true;
  });
  const makeSubscription = () => ({ endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys: SUBSCRIPTION_KEYS }), unsubscribe });
  const registration = {
    pushManager: {
      getSubscription: async () => fake.subscription,
      subscribe: jest.fn(async () => (fake.subscription = makeSubscription())),
    },
  };
  const fake: FakePush = {
    permission,
    requestPermission: jest.fn(async () => (fake.permission = answer)),
    register: jest.fn(async () => {
      fake.registered = true;
      return registration;
    }),
    subscribe: registration.pushManager.subscribe,
    unsubscribe,
    subscription: subscribed ? makeSubscription() : null,
    registered: subscribed,
  };
  define(window, "PushManager", function PushManager() {});
  define(window, "Notification", {
    get permission() {
      return fake.permission;
    },
    requestPermission: fake.requestPermission,
  });
  define(navigator, "serviceWorker", {
    register: fake.register,
    getRegistration: async () => (fake.registered ? registration : undefined),
  });
  return fake;
}

export function removePush(): void {
  for (const [target, name] of [
    [window, "PushManager"],
    [window, "Notification"],
    [navigator, "serviceWorker"],
  ] as const) {
    delete (target as unknown as Record<string, unknown>)[name];
  }
}
