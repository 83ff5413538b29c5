// The web app manifest (app/manifest.ts, issue 54) holds what an install needs: the members
// Chromium's installability check and iOS's Home Screen read, colours that are the site's own, and
// icons whose files exist in public/ at the sizes the manifest declares (scripts/app-icons.ts
// draws them). Chromium's verdict on the served manifest is tests/browser/layout/installable.spec.ts.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import manifest from "@/app/manifest";
import { BACKGROUND_COLOR, SITE_NAME, THEME_COLOR } from "@/lib/shared/site-identity";
import { REPO_ROOT } from "@/tests/helpers/repo-root";

const hex = z.string().regex(/^#[0-9a-f]{6}$/);

const manifestSchema = z.object({
  id: z.literal("/"),
  name: z.string().min(1),
  // Home Screens and launchers cut a label past about 12 characters.
  short_name: z.string().min(1).max(12),
  description: z.string().min(1),
  start_url: z.literal("/"),
  scope: z.literal("/"),
  display: z.literal("standalone"),
  background_color: hex,
  theme_color: hex,
  icons: z
    .array(
      z.object({
        src: z.string().regex(/^\/[a-z0-9/-]+\.png$/),
        sizes: z.string().regex(/^\d+x\d+$/),
        type: z.literal("image/png"),
        purpose: z.enum(["any", "maskable"]),
      }),
    )
    .min(1),
});

/** A PNG's width and height, from its IHDR chunk (the first, right after the 8-byte signature). */
function pngSize(file: string): { width: number; height: number } {
  const png = readFileSync(file);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The sRGB hex of a CSS `oklch(L C H)` (Björn Ottosson's OKLab matrices), to read app/globals.css. */
function oklchToHex(l: number, c: number, hue: number): string {
  const a = c * Math.cos((hue * Math.PI) / 180);
  const b = c * Math.sin((hue * Math.PI) / 180);
  const lms = [l + 0.3963377774 * a + 0.2158037573 * b, l - 0.1055613458 * a - 0.0638541728 * b, l - 0.0894841775 * a - 1.291485548 * b].map((v) => v ** 3);
  const [L, M, S] = lms as [number, number, number];
  const linear = [
    4.0767416621 * L - 3.3077115913 * M + 0.2309699292 * S,
    -1.2684380046 * L + 2.6097574011 * M - 0.3413193965 * S,
    -0.0041960863 * L - 0.7034186147 * M + 1.707614701 * S,
  ];
  const srgb = linear.map((v) => Math.min(1, Math.max(0, v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055)));
  return `#${srgb.map((v) => Math.round(v * 255).toString(16).padStart(2, "0")).join("")}`;
}

const parsed = manifestSchema.parse(manifest());

test("the manifest has every member an install reads, under the site's name", () => {
  expect(parsed.name).toBe(SITE_NAME);
  expect(parsed.short_name).toBe(SITE_NAME);
  expect(parsed.theme_color).toBe(THEME_COLOR);
});

test("its background is the page's own (app/globals.css --background), so the splash does not flash", () => {
  const css = readFileSync(path.join(REPO_ROOT, "app/globals.css"), "utf8");
  const [, l, c, h] = /--background:\s*oklch\(([\d.]+)\s+([\d.]+)\s+([\d.]+)\)/.exec(css) ?? [];
  expect(l).toBeDefined();
  expect(parsed.background_color).toBe(BACKGROUND_COLOR);
  expect(oklchToHex(Number(l), Number(c), Number(h))).toBe(BACKGROUND_COLOR);
});

test("its icons exist in public/ at the declared sizes: 192 and 512 px for any use, and a maskable one", () => {
  for (const icon of parsed.icons) {
    const file = path.join(REPO_ROOT, "public", icon.src);
    expect(existsSync(file)).toBe(true);
    const { width, height } = pngSize(file);
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
  const sizes = (purpose: string) => parsed.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
  expect(sizes("any")).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(sizes("maskable")).toContain("512x512");
});

test("the Apple touch icon (app/apple-icon.png, linked by Next) is 180 px", () => {
  expect(pngSize(path.join(REPO_ROOT, "app/apple-icon.png"))).toEqual({ width: 180, height: 180 });
});

test("the favicon is a 48 px PNG (app/icon.png, linked by Next), and no SVG is linked beside it", () => {
  // An SVG favicon gets a document of its own in every page's renderer, drawn on its main thread
  // after load (issue 53); 48 px is the size Google Search asks a site's favicon to be a multiple of.
  expect(pngSize(path.join(REPO_ROOT, "app/icon.png"))).toEqual({ width: 48, height: 48 });
  expect(existsSync(path.join(REPO_ROOT, "app/icon.svg"))).toBe(false);
  expect(existsSync(path.join(REPO_ROOT, "app/favicon.ico"))).toBe(false);
});
