// `npm run logos:rasterize`: writes public/logos/<name>.webp beside every public/logos/<name>.svg
// (96 px square, enough for the largest logo the site draws, 36 px, on a 2.67x phone screen).
//
// Why (issue 53): an SVG in an <img> is a document of its own that the browser styles, lays out
// and paints on the page's main thread, text and all; a WebP is decoded off it. The home page
// draws 47 logos: with them as SVG, a load at a phone's CPU spent about 850 ms more on the main
// thread (Chromium's TaskDuration at 6x, the same HTML with the logos swapped). The seed points at
// the WebP files; the SVGs stay as the sources (and for listings that named one).
//
// Needs Chromium (the browser tests' own, tests/browser/harness.ts). Run it after adding a logo.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, findChromium } from "@/tests/browser/harness";

const LOGOS = path.join(import.meta.dirname, "../public/logos");
const SIZE = 96;
const QUALITY = 0.9;

/** Draws the SVG on a canvas in the page and returns the WebP as a data URL. */
const DRAW = `async ([svg, size, quality]) => {
  const image = new Image();
  image.src = "data:image/svg+xml;base64," + svg;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  canvas.getContext("2d").drawImage(image, 0, 0, size, size);
  return canvas.toDataURL("image/webp", quality);
}`;

const browser = await chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_FLAGS] });
try {
  const page = await browser.newPage();
  const files = readdirSync(LOGOS).filter((file) => file.endsWith(".svg"));
  for (const file of files) {
    const svg = readFileSync(path.join(LOGOS, file)).toString("base64");
    const dataUrl = await page.evaluate(`(${DRAW})(${JSON.stringify([svg, SIZE, QUALITY])})`);
    const [, base64] = /^data:image\/webp;base64,(.+)$/.exec(String(dataUrl)) ?? [];
    if (!base64) throw new Error(`${file}: the browser gave no WebP`);
    writeFileSync(path.join(LOGOS, file.replace(/\.svg$/, ".webp")), Buffer.from(base64, "base64"));
  }
  console.log(`Wrote ${files.length} WebP logos (${SIZE} px) to public/logos/.`);
} finally {
  await browser.close();
}
