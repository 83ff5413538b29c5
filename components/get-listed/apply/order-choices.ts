// What the buyer has picked on the listing form, and the quote request it makes, checked with the
// server's own schema (createOrderBodySchema) so a field is refused here in the server's words.
import type { IndexedCoin } from "@/lib/coins/coin-index";
import type { ListingPlanId, SlotLength } from "@/lib/orders/catalog";
import type { OrderToken } from "@/lib/orders/order-token-schema";
import { createOrderBodySchema, type CreateOrderInput } from "@/lib/orders/schemas";

export type OrderChoices = {
  plan: ListingPlanId | null;
  slotDays: SlotLength | null;
  /** The slot's first UTC day, "2026-12-03". */
  startsOn: string | null;
  /** The listed coin the token is compared with on the home page. */
  against: IndexedCoin | null;
  logoUrl: string;
  /** One link a line, as typed. */
  links: string;
};

export const NO_CHOICES: OrderChoices = { plan: null, slotDays: null, startsOn: null, against: null, logoUrl: "", links: "" };

export type ChoiceField = "plan" | "slot" | "startsOn" | "against" | "logoUrl" | "links";
export type ChoiceErrors = Partial<Record<ChoiceField, string>>;

export const linesOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The quote request for these choices, or what is missing or wrong, by field. */
export function quoteRequest(token: OrderToken, choices: OrderChoices): { body: CreateOrderInput; errors: null } | { body: null; errors: ChoiceErrors } {
  const errors: ChoiceErrors = {};
  if (token.kind === "new" && !choices.plan) errors.plan = "Choose a listing plan.";
  if (token.kind === "listed" && !choices.slotDays) errors.slot = `${token.symbol} is listed already: choose a Homepage Compare slot for it.`;
  if (choices.slotDays) {
    if (!choices.startsOn) errors.startsOn = "Pick the slot's first day in the calendar.";
    if (!choices.against) errors.against = "Choose the coin to compare with.";
    else if (token.kind === "listed" && choices.against.id === token.coinId) errors.against = "Compare your token with another coin, not with itself.";
  }
  const links = linesOf(choices.links);
  const body: CreateOrderInput = {
    tokenAddress: token.contractAddress,
    ...(token.kind === "new" && choices.plan ? { plan: choices.plan } : {}),
    ...(choices.slotDays && choices.startsOn && choices.against ? { slot: { days: choices.slotDays, startsOn: choices.startsOn, against: choices.against.id } } : {}),
    ...(choices.logoUrl.trim() ? { logoUrl: choices.logoUrl.trim() } : {}),
    ...(links.length ? { links } : {}),
  };
  const checked = createOrderBodySchema.safeParse(body);
  for (const issue of checked.success ? [] : checked.error.issues) {
    const [field, index] = issue.path;
    if (field === "logoUrl") errors.logoUrl ??= issue.message;
    if (field === "links") errors.links ??= typeof index === "number" ? `Link ${index + 1} (${links[index]}): ${issue.message}` : issue.message;
  }
  return Object.keys(errors).length ? { body: null, errors } : { body, errors: null };
}
