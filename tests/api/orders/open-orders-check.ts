// The open orders' check as the cron calls it (GET /api/cron/orders with the bearer secret), for
// the order files that drive payments and then run the check.
import * as cronOrders from "@/app/api/cron/orders/route";
import type { OpenOrdersReport } from "@/lib/orders/open-orders.server";
import { call } from "@/tests/helpers/request";

export async function checkOpenOrders(cronSecret: string): Promise<OpenOrdersReport> {
  const res = await call(cronOrders.GET, "/api/cron/orders", { headers: { authorization: `Bearer ${cronSecret}` } });
  if (res.status !== 200) throw new Error(`check: ${res.status} ${res.text}`);
  return res.body as OpenOrdersReport;
}
