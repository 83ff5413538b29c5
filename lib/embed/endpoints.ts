// oEmbed for the embeddable cards (issue 54). The declaration is the one the server's wrapper
// enforces, the OpenAPI document describes and docs/api.md lists (lib/contract/endpoint.ts says how).
import { endpoint } from "@/lib/contract/endpoint";
import { oembedAnswerSchema, oembedQuerySchema } from "./oembed-schema";

export const oembed = endpoint({
  method: "GET",
  summary:
    'oEmbed 1.0: `?url=` a pair page, its ladder (`#target-ladder`), a coin page of this site or a card\'s own address answers `type: "rich"`, an iframe of the card within `?maxwidth=` / `?maxheight=`; 404 for any other URL or when the card cannot fit them, 501 for a `format` other than json. Other parameters are ignored.',
  path: "/api/oembed",
  access: "public",
  crossOrigin: true,
  cache: "public",
  query: oembedQuerySchema,
  response: oembedAnswerSchema,
});
