// Get Listed pricing as the page renders it, from the one catalogue (lib/orders/catalog.ts).
import { LISTING_PLANS, SLOT_OFFERS } from "@/lib/orders/catalog";

/** A featured slot in the home page's compare row, sold by duration. */
export interface HomepageCompareSlot {
  id: string;
  /** The card heading, e.g. "1 Day". */
  duration: string;
  priceUsd: number;
}

/** A listing plan: the coin's website listing plus posts on X. */
export interface ListingPlan {
  id: string;
  name: string;
  priceUsd: number;
  features: readonly string[];
  recommended: boolean;
}

export interface GetListedPricing {
  homepageCompare: readonly HomepageCompareSlot[];
  listing: readonly ListingPlan[];
}

export const GET_LISTED_PRICING: GetListedPricing = {
  homepageCompare: SLOT_OFFERS.map((slot) => ({ id: `compare-${slot.duration.toLowerCase().replace(" ", "-")}`, duration: slot.duration, priceUsd: slot.priceUsd })),
  listing: LISTING_PLANS.map((plan) => ({ id: `listing-${plan.id}`, name: plan.name, priceUsd: plan.priceUsd, features: plan.features, recommended: plan.recommended })),
};
