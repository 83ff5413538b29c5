// The /alerts page's words for a rule's state and a firing's deliveries (issue 39). Pure, so the
// page and its tests share them.
import type { AlertFiringView, AlertRuleView } from "@/lib/alerts/schemas";
import { once } from "@/lib/shared/once";

// Times in UTC, said so: the firings come from a server pass, and a reader comparing two devices
// (or a notification and this page) sees the same figure on both.
const utcTime = once(() => new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }));

/** "Nov 27, 18:05 UTC". */
export function formatUtcTime(iso: string): string {
  return `${utcTime().format(new Date(iso))} UTC`;
}

/** The rule's state in words, beside its badge ("Armed", ...): what it waits for next. */
export function ruleStateText(rule: AlertRuleView): string {
  switch (rule.state) {
    case "armed":
      return rule.lastFiredAt ? `Alerts you on the next crossing; last fired ${formatUtcTime(rule.lastFiredAt)}` : "Alerts you on the next crossing";
    case "waiting":
      // Fired, and fires again only once the value has gone back past the level by the margin.
      return `${rule.lastFiredAt ? `Fired ${formatUtcTime(rule.lastFiredAt)}` : "Fired"}; fires again once the value has moved back past the level`;
    case "waiting_for_market_cap":
      return waitingForText(rule);
    case "paused":
      return "Sends nothing until you resume it";
    case "coin_gone": {
      const gone = [rule.coin, rule.otherCoin].filter((coin) => coin?.gone).map((coin) => coin!.symbol);
      const names = gone.length > 0 ? gone.join(" and ") : "A coin";
      return `${names} ${gone.length > 1 ? "were" : "was"} removed from the site: this alert no longer fires`;
    }
  }
}

/**
 * A reach rule made while a coin had no market cap: "Waiting for HEX's market cap: sets itself
 * against it the first time HEX has one, and fires only on a crossing after that".
 */
function waitingForText(rule: AlertRuleView): string {
  const figures = rule.waitingFor.flatMap((id) => {
    if (rule.otherCoin?.id === id) return [`${rule.otherCoin.symbol}'s ${rule.kind === "reach_ath" ? "all-time-high market cap" : "market cap"}`];
    if (rule.coin.id === id) return [`${rule.coin.symbol}'s market cap`];
    return [];
  });
  // Both have one now: the next market pass that publishes either sets it.
  if (figures.length === 0) return "Sets itself at the next market update; fires only on a crossing after that";
  const owners = rule.waitingFor.map((id) => (rule.otherCoin?.id === id ? rule.otherCoin.symbol : rule.coin.symbol));
  return `Waiting for ${figures.join(" and ")}: sets itself the first time ${owners.join(" and ")} ${owners.length > 1 ? "have" : "has"} one, and fires only on a crossing after that`;
}

type Delivery = AlertFiringView["deliveries"][number];

/** One delivery in words: "Sent to Chrome on Linux", "Waiting: Firefox on Android", ... */
export function deliveryText(delivery: Delivery): string {
  switch (delivery.status) {
    case "sent":
      return `Sent to ${delivery.target}`;
    case "pending":
      return `Waiting: ${delivery.target}`;
    case "failed":
      return `Failed: ${delivery.target}`;
    case "gone":
      return delivery.channel === "telegram" ? "Chat unlinked: Telegram" : `Browser removed: ${delivery.target}`;
  }
}

/** What happened to a firing, per channel, or why it went nowhere. */
export function firingDeliveryTexts(firing: AlertFiringView): string[] {
  if (firing.suppressed === "daily_cap") return ["Not sent: daily limit reached"];
  if (firing.deliveries.length === 0) return ["Not sent: no browser or Telegram chat had alerts on"];
  return firing.deliveries.map(deliveryText);
}
