// The background jobs' cron routes (issue 51) against the real handlers and database: Vercel's
// delivery cadence (GET /api/cron/deliver, every minute) drains the alerts' outbox to the local
// Telegram Bot API server (tests/helpers/telegram-api.ts) with no pass running, and the
// maintenance (GET /api/cron/maintenance, hourly) thins old snapshots. Their access (the bearer
// secret) is also in route-access.test.ts's table.
import * as deliver from "@/app/api/cron/deliver/route";
import * as maintenance from "@/app/api/cron/maintenance/route";
import { call } from "@/tests/helpers/request";
import { useTelegramApi } from "@/tests/helpers/telegram-bot";
import { useTestDatabase } from "@/tests/helpers/test-database";

const { db } = useTestDatabase({ seed: true });
const SECRET = "cron-secret-for-the-jobs-routes-0123456789";
const DAY = 24 * 3_600_000;

const telegram = useTelegramApi({ webhookSecret: false, resetEachTest: false, env: { CRON_SECRET: SECRET } });

// The drain's summary lines (console.info) are not this file's subject.
beforeEach(() => jest.spyOn(console, "info").mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

const bearer = { authorization: `Bearer ${SECRET}` };

test("GET /api/cron/deliver sends a due delivery, and only with the secret", async () => {
  const user = await db().user.create({ data: { address: `0x${"c".repeat(40)}` } });
  const chatId = "7700001";
  const link = await db().telegramLink.create({ data: { userId: user.id, chatId } });
  const rule = await db().alertRule.create({ data: { userId: user.id, kind: "price", coinId: "hex", coinSymbol: "HEX", coinName: "HEX", direction: "above", level: 0.01 } });
  const firing = await db().alertFiring.create({ data: { ruleId: rule.id, userId: user.id, crossing: 1, firedAt: new Date(), message: "HEX's price went above $0.01: $0.011", url: "/coins/hex", value: 0.011 } });
  const row = await db().alertDelivery.create({ data: { firingId: firing.id, channel: "telegram", target: `telegram:${link.id}`, telegramLinkId: link.id, nextAttemptAt: new Date() } });

  const refused = await call(deliver.GET, "/api/cron/deliver");
  expect(refused.status).toBe(401);
  expect(telegram.messagesTo(chatId)).toHaveLength(0);

  const res = await call(deliver.GET, "/api/cron/deliver", { headers: bearer });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ sent: 1, gone: 0, retried: 0, failed: 0, ms: expect.any(Number) });
  expect(telegram.messagesTo(chatId).map((message) => message.text)).toEqual([firing.message]);
  expect(await db().alertDelivery.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: "sent", attempts: 1 });
  // Nothing more is due: the next call sends nothing.
  expect((await call(deliver.GET, "/api/cron/deliver", { headers: bearer })).body).toMatchObject({ sent: 0 });
});

test("GET /api/cron/maintenance thins old snapshots at most once an hour", async () => {
  // A coin of its own (the seed's sample history is thinned too), three snapshots in one UTC hour 10 days ago.
  await db().coin.create({ data: { id: "thin-me", symbol: "THIN", name: "Thin me", currentPrice: 1, marketCap: 1, rank: 999, chain: "pulsechain" } });
  const hour = Math.floor((Date.now() - 10 * DAY) / 3_600_000) * 3_600_000;
  await db().priceSnapshot.createMany({ data: [0, 5, 10].map((minute) => ({ coinId: "thin-me", price: 1, marketCap: 1, takenAt: new Date(hour + minute * 60_000) })) });
  const first = await call(maintenance.GET, "/api/cron/maintenance", { headers: bearer });
  expect(first.status).toBe(200);
  const body = first.body as { snapshotsThinned: number };
  expect(body.snapshotsThinned).toBeGreaterThanOrEqual(2);
  expect((await db().priceSnapshot.findMany({ where: { coinId: "thin-me" } })).map((row) => row.takenAt.getTime())).toEqual([hour]);
  // Within the hour: nothing thinned.
  expect((await call(maintenance.GET, "/api/cron/maintenance", { headers: bearer })).body).toMatchObject({ snapshotsThinned: 0 });
});
