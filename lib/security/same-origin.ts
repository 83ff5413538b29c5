// Writes that change state are accepted only from the site's own pages. Browsers send Origin
// and Sec-Fetch-Site on every POST and DELETE, so a page on another site is recognised and
// refused before anything is read or written. Requests without either header are not from a
// browser page, so they cannot be cross-site request forgery and pass this check.
//
// Sec-Fetch-Site passes as `same-origin` or `none`. `none` is what a browser sends for a request
// the user started outside any page (a typed address, a bookmark): no other site can cause it,
// so refusing it would stop nothing (the Fetch Metadata resource-isolation policy allows it too).
// `same-site` is refused: a sibling subdomain is another site here. Origin, when sent, must be
// one of the site's own either way.
import { DomainError } from "@/lib/errors/domain-error";

export function assertSameOrigin(request: Request, allowedOrigins: readonly string[]): void {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") throw foreign();
  const origin = request.headers.get("origin");
  if (origin !== null && !allowedOrigins.includes(origin)) throw foreign();
}

function foreign() {
  return new DomainError("not_allowed", "This request must come from the site's own pages.");
}
