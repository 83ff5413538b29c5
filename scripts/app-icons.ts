// `npm run icons:app`: the site's raster icons (issue 54), drawn from its mark (public/logo.svg,
// which Web Push notifications show too). Run it after changing the mark and commit what it
// writes; nothing runs it at build time. Offline: sharp (Next's own image
// dependency, already in node_modules) renders the SVG with librsvg and writes palette PNGs.
//
// - public/icons/icon-192.png, icon-512.png: the mark as it is (a round badge, transparent
//   corners), for the manifest's "any" icons: Android's install dialog, desktop app windows.
// - public/icons/icon-maskable-512.png: full-bleed, for launchers that cut their own shape. The
//   badge's gradient fills the square and the pulse line sits inside the safe zone (the centred
//   circle of 80% of the width, which every mask keeps), so a circle cut looks like the badge.
// - app/apple-icon.png (180 px): the same full-bleed drawing. iOS rounds the corners itself and
//   would fill transparent ones with black; Next links it as the apple-touch-icon.
// - app/icon.png (48 px): the favicon, linked by Next. Not the SVG itself: the browser asks the
//   page's renderer to draw its favicon, and an SVG gets a document of its own there, built on the
//   main thread of every page after it loads (issue 53: on the bare Next.js page at 1x CPU, 15
//   loads each, that task took a median of 18.9 ms with the SVG and 6.4 ms with this PNG). 48 px:
//   Google Search shows a site's favicon when it is a multiple of 48 px square, and a tab draws 16
//   to 32 px at up to 3x.
// - public/icons/logo-96.webp: the mark for the pages themselves (the header's 28 px, the compare
//   form's 32 px, at up to 3x). An SVG <img> gets a document of its own in the renderer, built on
//   the main thread of every page that shows it (30 to 45 ms at a 4x slower CPU, issue 53); a
//   raster is only decoded.
import { mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const ROOT = path.join(import.meta.dirname, "..");
const mark = readFileSync(path.join(ROOT, "public/logo.svg"), "utf8");

// The full-bleed drawing takes the badge's gradient and line from the mark itself, so the two
// cannot drift apart.
const defs = /<defs>[\s\S]*?<\/defs>/.exec(mark)?.[0];
const gradientId = /<linearGradient id="([^"]+)"/.exec(mark)?.[1];
const line = /<path [^>]*\/>/.exec(mark)?.[0];
if (!defs || !gradientId || !line) throw new Error("public/logo.svg no longer has the <defs>, gradient and <path> this script expects");

// The line reaches 24 units (of 64) from the centre with its round caps; the safe zone's radius is
// 25.6. At 0.9 it keeps a margin inside it.
const LINE_SCALE = 0.9;
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${defs}<rect width="64" height="64" fill="url(#${gradientId})"/><g transform="translate(32 32) scale(${LINE_SCALE}) translate(-32 -32)">${line}</g></svg>`;

const OUTPUTS = [
  { file: "public/icons/icon-192.png", svg: mark, size: 192 },
  { file: "public/icons/icon-512.png", svg: mark, size: 512 },
  { file: "public/icons/icon-maskable-512.png", svg: fullBleed, size: 512 },
  { file: "app/apple-icon.png", svg: fullBleed, size: 180 },
  { file: "app/icon.png", svg: mark, size: 48 },
  { file: "public/icons/logo-96.webp", svg: mark, size: 96 },
];

for (const { file, svg, size } of OUTPUTS) {
  const target = path.join(ROOT, file);
  mkdirSync(path.dirname(target), { recursive: true });
  // Rendered at the target size (density scales the 64-unit viewBox), not scaled down from another
  // raster. A 256-colour palette keeps the gradient smooth (dithered) at a fraction of the bytes.
  const image = sharp(Buffer.from(svg), { density: (72 * size) / 64 }).resize(size, size);
  await (file.endsWith(".webp") ? image.webp({ quality: 85, alphaQuality: 100, effort: 6 }) : image.png({ palette: true, colours: 256, dither: 1, effort: 10, compressionLevel: 9 })).toFile(target);
  console.log(`${file}: ${size}x${size}, ${statSync(target).size} bytes`);
}
