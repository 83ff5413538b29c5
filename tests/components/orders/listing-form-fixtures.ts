// Shared by the listing form's component tests: the API's answers for a token, the calendar and
// a quote, and a scripted wallet payer standing in for the header's wallet kit.
import type { Hash } from "viem";
import { provideWalletPayments, type MinedPayment, type Payer, type PaymentRequest, type WalletStage } from "@/components/wallet/send-payment";
import type { OrderToken } from "@/lib/orders/order-token-schema";
import type { Order, SlotCalendar } from "@/lib/orders/schemas";
import { makeCoin } from "@/tests/components/fixtures";

export const DOGGO_ADDRESS = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
export const HEX_ADDRESS = "0x2b591e99afE9f32eAA6214f7B7629768c40Eeb39";
export const PAY_TO = "0x2222222222222222222222222222222222222222";
export const TX_HASH = `0x${"ab".repeat(32)}` as Hash;

export const doggo: OrderToken = {
  kind: "new",
  contractAddress: DOGGO_ADDRESS,
  name: "Doggo Inu",
  symbol: "DOGGO",
  decimals: 9,
  currentPrice: 0.006,
  marketCap: 6_000_000,
  circulatingSupply: 1_000_000_000,
  liquidityUsd: 12_000,
  raw: { name: null, symbol: null },
};

export const listedHex: OrderToken = {
  kind: "listed",
  contractAddress: HEX_ADDRESS,
  coinId: "hex",
  name: "HEX",
  symbol: "HEX",
  planRefusal: `${HEX_ADDRESS} is already listed as "hex".`,
};

export const hexCoin = makeCoin({ id: "hex", symbol: "HEX", name: "HEX", marketCap: 3e9 });
export const btcCoin = makeCoin({ id: "btc", symbol: "BTC", name: "Bitcoin", marketCap: 1.5e12 });

/** 90 days from Dec 1, 2026: Dec 3 full, Dec 4 with one seat left, the rest free. */
export const calendar: SlotCalendar = {
  seats: 2,
  days: Array.from({ length: 90 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 11, 1 + i)).toISOString().slice(0, 10);
    return { day, free: day === "2026-12-03" ? 0 : day === "2026-12-04" ? 1 : 2 };
  }),
};

export function quote(overrides: Partial<Order> = {}): Order {
  return {
    id: 7,
    status: "quoted",
    tokenAddress: DOGGO_ADDRESS,
    tokenName: "Doggo Inu",
    tokenSymbol: "DOGGO",
    plan: "basic-plus",
    slot: { days: 1, startsOn: "2026-12-05", against: "btc" },
    logoUrl: null,
    links: [],
    priceUsd: 235,
    plsUsd: 0.00003,
    amountWei: (7_833_334n * 10n ** 18n + 7n).toString(),
    payTo: PAY_TO,
    quoteExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    createdAt: new Date().toISOString(),
    paymentTx: null,
    paidWei: null,
    paidAt: null,
    statusReason: null,
    coinId: null,
    ...overrides,
  };
}

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A wallet the test drives: each send waits until the test answers it (`sent.resolve(hash)` or
 * `sent.reject(error)`), after reporting the stages the test gives; mining waits likewise.
 */
export function scriptedPayer(stages: WalletStage[] = ["confirm"]) {
  const requests: PaymentRequest[] = [];
  let sent = deferred<Hash>();
  let mined = deferred<MinedPayment>();
  const payer: Payer = {
    send(request, onStage) {
      requests.push(request);
      for (const stage of stages) onStage(stage);
      return sent.promise;
    },
    waitUntilMined: () => mined.promise,
  };
  const unregister = provideWalletPayments(payer);
  return {
    requests,
    get sent() {
      return sent;
    },
    get mined() {
      return mined;
    },
    /** A fresh send and mining, for paying again. */
    reset() {
      sent = deferred();
      mined = deferred();
    },
    unregister,
  };
}
