// app/coins/[id]/opengraph-image.tsx on a real seeded database. next/og renders through a dynamic
// import jest cannot run, so here it is replaced by a stand-in that keeps the element it was
// given. The real PNG is rendered by the production build in `npm run bench` (/coins/hex/opengraph-image).
import type { ReactElement } from "react";
import Image from "@/app/coins/[id]/opengraph-image";
import { formatMarketCap, formatPrice } from "@/lib/shared/format";
import { useTestDatabase } from "@/tests/helpers/test-database";
import { elementTexts } from "@/tests/helpers/element-texts";

jest.mock("next/og", () => ({
  ImageResponse: class {
    constructor(
      readonly element: ReactElement,
      readonly options: { width: number; height: number },
    ) {}
  },
}));

const { db } = useTestDatabase();

const render = (id: string) => Image({ params: Promise.resolve({ id }) }) as unknown as Promise<{ element: ReactElement; options: { width: number; height: number } }>;


test("a coin's image: symbol, name, price, market cap and distance from its high, 1200×630", async () => {
  await db().coin.update({ where: { id: "hex" }, data: { currentPrice: 0.0055, marketCap: 3.2e9, athPrice: 0.55, athAt: new Date("2021-09-15T12:00:00Z") } });
  const image = await render("hex");
  expect(image.options).toMatchObject({ width: 1200, height: 630 });
  const words = elementTexts(image.element).join(" ");
  expect(words).toContain("HEX");
  expect(words).toContain(formatPrice(0.0055));
  expect(words).toContain(`Market cap ${formatMarketCap(3.2e9)}`);
  // (0.0055 - 0.55) / 0.55 = -99%
  expect(words).toContain("-99.0% from its all-time high of $0.5500 (Sep 15, 2021)");
});

test.each([["no-such-coin"], ["HEX"], ["../hex"]])("%s has no image (404)", async (id) => {
  await expect(render(id)).rejects.toThrow(/NEXT_HTTP_ERROR_FALLBACK;404/);
});
