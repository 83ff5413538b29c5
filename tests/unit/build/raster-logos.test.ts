// The site's own logos are drawn from WebP (issue 53: an SVG <img> is styled, laid out and painted
// on the main thread). Every SVG in public/logos has its WebP twin, and the seed names files that exist.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { seedCoins } from "@/prisma/seed/coins";
import { REPO_ROOT } from "@/tests/helpers/repo-root";

const LOGOS = path.join(REPO_ROOT, "public/logos");

test("every SVG logo has a WebP twin (npm run logos:rasterize)", () => {
  const svgs = readdirSync(LOGOS).filter((file) => file.endsWith(".svg"));
  expect(svgs.length).toBeGreaterThan(0);
  const missing = svgs.filter((file) => !existsSync(path.join(LOGOS, file.replace(/\.svg$/, ".webp"))));
  expect(missing).toEqual([]);
  for (const file of svgs) {
    const webp = readFileSync(path.join(LOGOS, file.replace(/\.svg$/, ".webp")));
    expect(webp.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(webp.subarray(8, 12).toString("latin1")).toBe("WEBP");
  }
});

test("the seed draws every coin's logo from a WebP file that exists", () => {
  for (const coin of seedCoins) {
    if (coin.logoUrl === null) continue;
    expect(coin.logoUrl).toMatch(/^\/logos\/[a-z0-9-]+\.webp$/);
    expect(existsSync(path.join(REPO_ROOT, "public", coin.logoUrl))).toBe(true);
  }
});
