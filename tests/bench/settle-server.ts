// Before a page is loaded for a measure, its server must be idle (used by bench:phone,
// bench:phone-parts and bench:main-thread).

/** How long the server may take to answer a page fresh. */
const SETTLE_TIMEOUT_MS = 30_000;

/**
 * The site's pages are cached for 20 s, then answered stale while the server renders them again
 * in the background (x-nextjs-cache: STALE). Audits are minutes apart, so each audited load would
 * be answered stale and the server would re-render the page during it, on the same two cores as
 * the browser: the phone would be charged with the server's work, which the bare page (static,
 * never re-rendered) is not. Measured at 1×, 7 interleaved rounds: Get Listed's main thread was
 * 2.06× the floor's answered stale, 1.74× answered fresh (docs/testing.md). So the page is asked
 * for first until the server answers it fresh, and the audited load finds the server idle.
 */
export async function settleServer(url: string): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const response = await fetch(url, { signal: AbortSignal.timeout(SETTLE_TIMEOUT_MS) });
    await response.arrayBuffer();
    if (response.headers.get("x-nextjs-cache") !== "STALE") return;
    if (Date.now() > deadline) {
      // The bench prints and asserts nothing: the load goes ahead, said to be a stale one.
      console.log(`# ${url} was still answered stale after ${SETTLE_TIMEOUT_MS / 1000} s; measured anyway`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
