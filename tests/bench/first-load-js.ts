// First-load JS of a page: the gzipped size of every script its HTML loads, as an anonymous visitor.
import { gzipSync } from "node:zlib";

export type FirstLoadJs = { page: string; kb: number; scripts: number };

export async function firstLoadJs(baseUrl: string, page: string): Promise<FirstLoadJs> {
  const html = await (await fetch(`${baseUrl}${page}`)).text();
  // `noModule` scripts (Next's legacy polyfills) are skipped by every browser that runs modules,
  // so they are not part of a visitor's first load.
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)].filter((m) => !/\snomodule\b/i.test(m[0]));
  const sources = [...new Set(tags.map((m) => m[1]!))];
  let bytes = 0;
  for (const src of sources) bytes += gzipSync(Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer())).length;
  return { page, kb: bytes / 1024, scripts: sources.length };
}

export async function printFirstLoadJs(baseUrl: string, pages: readonly string[], goalKb: number): Promise<FirstLoadJs[]> {
  console.log(`\nFirst-load JS (gzip of every script the HTML loads, noModule excluded); goal for /: ≤ ${goalKb} KB`);
  const results: FirstLoadJs[] = [];
  for (const page of pages) {
    const result = await firstLoadJs(baseUrl, page);
    console.log(`  ${page.padEnd(20)} ${result.kb.toFixed(1).padStart(7)} KB in ${result.scripts} scripts`);
    results.push(result);
  }
  return results;
}
