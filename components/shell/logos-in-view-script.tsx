/**
 * How far below the screen a list's logo starts loading: a fifth of a phone's screen, so a logo
 * scrolled to at a reading pace is there when it arrives, and the lists a page shows further down
 * are not fetched while the page loads.
 */
export const LOGO_MARGIN_PX = 200;

/**
 * Loads the logos of the lists (ListCoinLogo, which renders the file as `data-src`) once they
 * come near the screen, by one IntersectionObserver for the whole page.
 *
 * Why not the browser's own loading="lazy", which they had before: Chromium fetches such an image
 * once it is within 1,250 px of the screen (2,500 on a slow connection), so on a phone the home
 * page's lists were all fetched while it loaded: 32 logo files whose arrivals were a quarter of
 * the page's main-thread work at a phone's speed (issue 53: bench:phone, PHONE_WITHOUT=logos and
 * logos-in-view).
 *
 * It runs in the server HTML before the first paint, so it does not wait for the framework; a
 * MutationObserver sees the logos React adds later (a client navigation renders a page's lists
 * in the browser) and a logo whose coin changes in place (its data-src is set again). Serialised
 * into the page with `toString()`: it may use nothing from outside but its argument and the
 * browser's globals.
 */
export function loadLogosInView(marginPx: number): void {
  const load = (img: HTMLImageElement) => {
    const src = img.getAttribute("data-src");
    if (src && img.getAttribute("src") !== src) img.src = src;
  };
  const observer =
    "IntersectionObserver" in window
      ? new IntersectionObserver(
          (entries, self) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              self.unobserve(entry.target);
              load(entry.target as HTMLImageElement);
            }
          },
          { rootMargin: `0px 0px ${marginPx}px 0px` },
        )
      : null;
  // Without the observer (a browser from before 2019), every logo loads at once, as before.
  const watch = (img: HTMLImageElement) => (observer ? observer.observe(img) : load(img));
  const watchWithin = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node.matches("img[data-src]")) watch(node as HTMLImageElement);
    for (const img of node.querySelectorAll<HTMLImageElement>("img[data-src]")) watch(img);
  };
  watchWithin(document.documentElement);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "childList") record.addedNodes.forEach(watchWithin);
      // A logo already shown whose coin changed shows the new coin's; one not yet shown waits.
      else if ((record.target as HTMLImageElement).hasAttribute("src")) load(record.target as HTMLImageElement);
    }
  }).observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-src"] });
}

const SCRIPT = `(${loadLogosInView.toString()})(${LOGO_MARGIN_PX})`;

/** Render in the layout after the page's content and before #page-end, so it runs before the first paint. */
export function LogosInViewScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
