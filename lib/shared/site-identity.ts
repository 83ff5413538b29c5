// What the site calls itself and the colours an installed app's frame is drawn in, for the root
// layout's metadata and the web app manifest (app/manifest.ts), which must agree.

export const SITE_NAME = "PulseCompare";

export const SITE_DESCRIPTION =
  "See the price a PulseChain coin would have at another coin's market cap. Compare PLS, PLSX, HEX and more with ease.";

/** The browser's toolbar and an installed app's title bar (`<meta name="theme-color">`, the manifest's theme_color). */
export const THEME_COLOR = "#1a1025";

/**
 * The page's own background (app/globals.css --background, oklch(0.16 0.02 300) = #0f0b15): the
 * splash screen an installed app shows while the page loads, so the first frame does not flash.
 */
export const BACKGROUND_COLOR = "#0f0b15";
