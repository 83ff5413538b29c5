// What the get-listed page sells, at the spec's prices (product spec, section 9): written once
// here for the price sheet, the listing form and the server's quotes.

export const LISTING_PLAN_IDS = ["basic-plus", "enhanced", "target"] as const;
export type ListingPlanId = (typeof LISTING_PLAN_IDS)[number];

export type ListingPlan = {
  id: ListingPlanId;
  name: string;
  priceUsd: number;
  features: readonly string[];
  /** Posts on X the operator owes once the order is paid. */
  compareXPosts: number;
  recommended: boolean;
};

/** In the spec's display order: Basic+, Enhanced (recommended), Target. */
export const LISTING_PLANS: readonly ListingPlan[] = [
  { id: "basic-plus", name: "Basic+", priceUsd: 135, features: ["Website listing", "Listed post on X"], compareXPosts: 0, recommended: false },
  {
    id: "enhanced",
    name: "Enhanced",
    priceUsd: 225,
    features: ["Website listing", "Listed post on X", "2 compare posts on X"],
    compareXPosts: 2,
    recommended: true,
  },
  { id: "target", name: "Target", priceUsd: 185, features: ["Website listing", "Listed post on X", "1 compare post on X"], compareXPosts: 1, recommended: false },
];

export const SLOT_LENGTHS = [1, 3, 7] as const;
export type SlotLength = (typeof SLOT_LENGTHS)[number];

/** A Homepage Compare slot, sold by length in days. */
export type SlotOffer = { days: SlotLength; duration: string; priceUsd: number };

export const SLOT_OFFERS: readonly SlotOffer[] = [
  { days: 1, duration: "1 Day", priceUsd: 100 },
  { days: 3, duration: "3 Days", priceUsd: 250 },
  { days: 7, duration: "1 Week", priceUsd: 475 },
];

/** The home page shows at most this many featured comparisons at once. */
export const FEATURED_SEATS = 2;

/** What an order costs in USD: its plan, its slot, or both. */
export function orderPriceUsd(order: { plan: ListingPlanId | null; slotDays: SlotLength | null }): number {
  const plan = order.plan ? LISTING_PLANS.find((p) => p.id === order.plan)!.priceUsd : 0;
  const slot = order.slotDays ? SLOT_OFFERS.find((s) => s.days === order.slotDays)!.priceUsd : 0;
  return plan + slot;
}
