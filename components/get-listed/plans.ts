// Get Listed pricing (product spec): written once here, rendered by app/get-listed/page.tsx.

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
  homepageCompare: [
    { id: "compare-1-day", duration: "1 Day", priceUsd: 100 },
    { id: "compare-3-days", duration: "3 Days", priceUsd: 250 },
    { id: "compare-1-week", duration: "1 Week", priceUsd: 475 },
  ],
  // Display order is the spec's: Basic+, Enhanced (recommended), Target.
  listing: [
    {
      id: "listing-basic-plus",
      name: "Basic+",
      priceUsd: 135,
      features: ["Website listing", "Listed post on X"],
      recommended: false,
    },
    {
      id: "listing-enhanced",
      name: "Enhanced",
      priceUsd: 225,
      features: ["Website listing", "Listed post on X", "2 compare posts on X"],
      recommended: true,
    },
    {
      id: "listing-target",
      name: "Target",
      priceUsd: 185,
      features: ["Website listing", "Listed post on X", "1 compare post on X"],
      recommended: false,
    },
  ],
};
