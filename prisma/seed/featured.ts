/** The two comparisons shown in the home page's featured row when the database is seeded. */
export interface SeedFeatured {
  coin1Id: string;
  coin2Id: string;
  isPromoted: boolean;
}

export const seedFeatured: SeedFeatured[] = [
  { coin1Id: "hex", coin2Id: "btc", isPromoted: false },
  { coin1Id: "ptgc", coin2Id: "pcock", isPromoted: true },
];
