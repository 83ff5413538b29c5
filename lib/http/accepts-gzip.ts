// Whether a client takes a gzip body, read from its Accept-Encoding (RFC 9110 §12.5.3).

/** True when `gzip` (or, if gzip is not named, `*`) is listed with a weight above zero. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  let wildcard = false;
  for (const part of acceptEncoding.split(",")) {
    const [coding, ...params] = part.split(";").map((text) => text.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith("q="));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (coding === "gzip" || coding === "x-gzip") return accepted;
    if (coding === "*") wildcard = accepted;
  }
  return wildcard;
}
