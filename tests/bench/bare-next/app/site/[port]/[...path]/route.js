import { siteUrl } from "../../../../site-url";

// The site's stylesheets and images for copy/[port] (issue 53's experiment), from the same origin
// as the copied page as they are on the site. Only 127.0.0.1: the bench's own site server.
export async function GET(request, { params }) {
  const { port, path } = await params;
  const url = siteUrl(port, path, new URL(request.url).search);
  if (!url) return new Response("the port is a number", { status: 400 });
  const upstream = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const headers = new Headers({ "cache-control": upstream.headers.get("cache-control") ?? "no-store" });
  const type = upstream.headers.get("content-type");
  if (type) headers.set("content-type", type);
  return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers });
}
