// The site is an installable app (issue 54): every page links the manifest (app/manifest.ts),
// which the edge serves as application/manifest+json, with icons that load at their declared sizes
// and the Apple touch icon; and Chromium's own installability check
// (DevTools Page.getInstallabilityErrors) on / reports no error.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, findChromium, watchForCspViolations, watchForErrors } from "@/tests/browser/harness";
import { suite } from "@/tests/browser/suite";

/** A PNG's width and height from its IHDR chunk, after checking the signature. */
function pngSize(png: Buffer): string {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

type Icon = { src: string; sizes: string; type: string; purpose: string };

test("the manifest is served as application/manifest+json with its icons, and the Apple touch icon loads", async () => {
  const { baseUrl } = suite();
  const res = await fetch(`${baseUrl}/manifest.webmanifest`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/manifest+json");
  // Built once (a static route), and never kept past its freshness by a browser: a new icon or
  // colour reaches installed apps at their next check. Shared caches (the edge) may keep it.
  assert.equal(res.headers.get("cache-control"), "public, max-age=0, must-revalidate");
  // The site's policy lets a page load it (manifest-src falls back to default-src 'self').
  assert.match(res.headers.get("content-security-policy") ?? "", /default-src 'self'/);
  const manifest = (await res.json()) as { display: string; start_url: string; icons: Icon[] };
  assert.equal(manifest.display, "standalone");
  assert.equal(manifest.start_url, "/");
  for (const icon of manifest.icons) {
    const image = await fetch(new URL(icon.src, baseUrl));
    assert.equal(image.status, 200, icon.src);
    assert.equal(image.headers.get("content-type"), "image/png", icon.src);
    assert.equal(pngSize(Buffer.from(await image.arrayBuffer())), icon.sizes, icon.src);
  }
});

test("Chromium reports / installable: the page links the manifest and the Apple metadata, and Page.getInstallabilityErrors is empty", async () => {
  const { baseUrl } = suite();
  const origin = new URL(baseUrl).origin;
  // A persistent profile: a Playwright newContext() is incognito, which Chromium always reports
  // as "in-incognito".
  const profile = mkdtempSync(path.join(tmpdir(), "installable-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: findChromium(), headless: true, args: [...CHROMIUM_FLAGS], baseURL: baseUrl });
  try {
    await context.route("**/*", (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
    await watchForCspViolations(context);
    const page = context.pages()[0] ?? (await context.newPage());
    const problems = watchForErrors(page, baseUrl);
    await page.goto("/");
    assert.equal(await page.locator('link[rel="manifest"]').getAttribute("href"), "/manifest.webmanifest");
    const meta = (name: string) => page.locator(`meta[name="${name}"]`).getAttribute("content");
    assert.equal(await meta("mobile-web-app-capable"), "yes");
    assert.equal(await meta("apple-mobile-web-app-title"), "PulseCompare");
    assert.equal(await meta("apple-mobile-web-app-status-bar-style"), "black");
    assert.equal(await meta("theme-color"), "#1a1025");
    const touchIcon = page.locator('link[rel="apple-touch-icon"]');
    assert.equal(await touchIcon.getAttribute("sizes"), "180x180");
    const appleIcon = await context.request.get((await touchIcon.getAttribute("href"))!);
    assert.equal(appleIcon.status(), 200);
    assert.equal(pngSize(await appleIcon.body()), "180x180");

    const cdp = await context.newCDPSession(page);
    // Chromium's reading of the manifest: found and parsed without a complaint.
    const appManifest = await cdp.send("Page.getAppManifest");
    assert.equal(appManifest.url, `${origin}/manifest.webmanifest`);
    assert.deepEqual(appManifest.errors, []);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    assert.deepEqual(installabilityErrors, []);

    // The maskable icon fills its square (launchers cut their own shape from it); the others are
    // the round badge with clear corners. A string: tsx would compile the helper with a __name()
    // the page does not have.
    const corners = await page.evaluate(`(async () => {
      const alphaAtCorner = async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context2d = canvas.getContext("2d");
        context2d.drawImage(image, 0, 0);
        return context2d.getImageData(1, 1, 1, 1).data[3];
      };
      return { maskable: await alphaAtCorner("/icons/icon-maskable-512.png"), any: await alphaAtCorner("/icons/icon-512.png") };
    })()`);
    assert.deepEqual(corners, { maskable: 255, any: 0 });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
