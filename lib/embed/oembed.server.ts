// GET /api/oembed: the pure answer (./oembed.ts) over the cached coin snapshot, as the pages resolve
// their coins, on the site's public origin. What the spec makes an error becomes a domain error:
// a format other than JSON (501), a URL with no card or a card that cannot fit (404).
import "server-only";
import { getCoinSnapshot } from "../coins/snapshot.server";
import { getSiteUrl } from "../config/site";
import { quoted } from "../contract/endpoint";
import { DomainError } from "../errors/domain-error";
import { oembedFor, type OembedAnswer } from "./oembed";
import type { OembedQuery } from "./oembed-schema";

export async function getOembed(query: OembedQuery): Promise<OembedAnswer> {
  // No format, or an empty one, leaves it to us (the spec); "JSON" is json.
  if (query.format && query.format.toLowerCase() !== "json") {
    throw new DomainError("unsupported_format", `Only format=json is answered, not ${quoted(query.format)}.`);
  }
  const answer = oembedFor(await getCoinSnapshot(), getSiteUrl(), query);
  if ("refused" in answer) throw new DomainError("not_found", answer.message);
  return answer;
}
