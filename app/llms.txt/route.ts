// /llms.txt: the site and its open API for language models (lib/api/llms-txt.ts).
import { llmsTxt } from "@/lib/api/llms-txt";
import { PUBLIC_CACHE_CONTROL } from "@/lib/cache/cache-control";
import { getSiteUrl } from "@/lib/config/site";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return new Response(llmsTxt(getSiteUrl()), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL } });
}
