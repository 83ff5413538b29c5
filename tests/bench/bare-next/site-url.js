// The bench's own site server, for the copy of a page (app/copy) and its stylesheets and images
// (app/site): only 127.0.0.1, on the port in the path. Null for a port that is not a number.
export function siteUrl(port, path, search = "") {
  return /^\d{2,5}$/.test(port) ? `http://127.0.0.1:${port}/${path.join("/")}${search}` : null;
}
