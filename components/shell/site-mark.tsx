/**
 * The site's mark beside its name and in the compare form. A raster, drawn from public/logo.svg by
 * `npm run icons:app`: an SVG <img> gets a document of its own in the renderer, built on the main
 * thread of every page that shows it (30 to 45 ms at a 4x slower CPU, issue 53). Low priority,
 * like the coin logos (components/shell/coin-logo.tsx): never preloaded.
 */
export function SiteMark({ size, className }: { size: number; className?: string }) {
  // eslint-disable-next-line @next/next/no-img-element
  return <img src="/icons/logo-96.webp" alt="" width={size} height={size} fetchPriority="low" className={className} />;
}
