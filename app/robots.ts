import type { MetadataRoute } from "next";
import { getSiteUrl } from "@/lib/config/site";

/** Crawlers get the public pages and the sitemap; the API and the signed-in pages stay out. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/admin", "/watchlist", "/saved", "/alerts", "/orders", "/get-listed/apply"] },
    sitemap: `${getSiteUrl()}/sitemap.xml`,
  };
}
