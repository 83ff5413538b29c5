// The chart's colours. lightweight-charts parses colours through getComputedStyle, which answers
// the site's oklch() tokens (app/globals.css) in a form it cannot read, so the tokens are given
// here as the sRGB values globals.css documents (the site has one, dark, theme).
export const CHART_COLORS = {
  text: "#b0a6bb", // --muted-foreground
  grid: "#262131", // --muted
  line: "#e041d9", // --primary
  areaTop: "rgba(224, 65, 217, 0.35)",
  areaBottom: "rgba(224, 65, 217, 0.02)",
} as const;
