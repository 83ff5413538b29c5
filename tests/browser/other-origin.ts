// Another site, for the specs that play one (the embeddable cards framed elsewhere, the open API
// called from elsewhere): a page served on a port of its own, so another origin than the app's,
// and a browser context that reaches both and nothing else.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext } from "playwright-core";

export type OtherOrigin = { origin: string; close(): Promise<void> };

/** Serves `page` (HTML) at every path of a new loopback port. */
export async function startOtherOrigin(page: string): Promise<OtherOrigin> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A context whose requests reach only these origins (the app's and the other site's). */
export async function contextFor(browser: Browser, origins: readonly string[], options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: options.viewport, javaScriptEnabled: options.javaScriptEnabled ?? true });
  await context.route("**/*", (route) => (origins.some((origin) => route.request().url().startsWith(origin)) ? route.continue() : route.abort()));
  return context;
}
