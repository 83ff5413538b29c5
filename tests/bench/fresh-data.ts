// Pages and public reads are cached (ISR: revalidated after ~30 s, expired after ~60 s), and the
// cache lives in .next, shared by every server this bench starts from one build: a server that
// has just started can answer with a render of the previous server's database. Nothing is probed
// or measured until the home page and the coin list show the data this server holds.
import { request } from "./http-get";
import { sleep } from "./stats";
import { NEWEST_SYNTHETIC } from "./synthetic-coins";

const TIMEOUT_MS = 90_000;
/** Paths that must show this server's data; touched again afterwards so the others revalidate too. */
const WATCHED = ["/", "/api/cryptocurrencies"];

const showsNewestSynthetic = (text: string) => new RegExp(`(?<![A-Za-z0-9])${NEWEST_SYNTHETIC.symbol}(?![A-Za-z0-9])`).test(text);

/**
 * Polls until each watched path shows (5,000-coin database) or does not show (seed database)
 * the newest synthetic coin. The home page lists it under Recently Listed; the coin list has it.
 */
export async function waitForServedData(baseUrl: string, synthetic: boolean, otherPaths: readonly string[]): Promise<void> {
  const started = Date.now();
  for (const path of WATCHED) {
    for (;;) {
      const res = await request(baseUrl, { path });
      if (res.status !== 200) throw new Error(`bench: ${path} answered ${res.status} while waiting for fresh data`);
      if (showsNewestSynthetic(res.body.toString("utf8")) === synthetic) break;
      if (Date.now() - started > TIMEOUT_MS) {
        throw new Error(`bench: ${path} still shows the ${synthetic ? "seed" : "5,000-coin"} data after ${TIMEOUT_MS / 1000} s`);
      }
      await sleep(1000);
    }
  }
  // The other routes were cached at the same time as these; one request each starts their
  // revalidation, and a moment later they answer from this server's data.
  for (const path of otherPaths) await request(baseUrl, { path });
  await sleep(2000);
  const waited = (Date.now() - started) / 1000;
  if (waited > 5) console.log(`# waited ${waited.toFixed(0)} s for the cache to show this server's data`);
}
