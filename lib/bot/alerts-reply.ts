// /alerts's answer (pure: linking.server.ts reads the rules). A user may have 50 rules
// (ALERT_RULE_LIMIT), whose lines together can pass Telegram's 4,096 characters (50 long ones made
// 4,464): the list stops at the line that would not fit and says how many more there are, with
// the link to /alerts, where they all are.
import type { AlertRuleView } from "@/lib/alerts/schemas";
import { MAX_MESSAGE_CHARS } from "@/lib/telegram/message-limit";

const STATE_WORDS: Record<AlertRuleView["state"], string> = {
  armed: "on",
  waiting: "fired, waiting to re-arm",
  waiting_for_market_cap: "waiting for a market cap",
  paused: "paused",
  coin_gone: "coin gone",
};

/** The list of the user's rules (plain text), under MAX_MESSAGE_CHARS however many and however long. */
export function alertsListText(rules: readonly Pick<AlertRuleView, "description" | "state">[], alertsPage: string): string {
  const head = `Your alerts (${rules.length}):`;
  const lines = rules.map((rule) => `• ${rule.description} (${STATE_WORDS[rule.state]})`);
  const whole = [head, ...lines, `Change them at ${alertsPage}.`].join("\n");
  if (whole.length <= MAX_MESSAGE_CHARS) return whole;
  // The longest "more" line there can be (every rule left out), so what is kept always fits with it.
  const more = (left: number) => `…and ${left} more: see them all and change them at ${alertsPage}.`;
  let text = head;
  let shown = 0;
  while (shown < lines.length && text.length + 1 + lines[shown]!.length + 1 + more(lines.length).length <= MAX_MESSAGE_CHARS) text += `\n${lines[shown++]}`;
  return `${text}\n${more(lines.length - shown)}`;
}
