import type { MetadataRoute } from "next";
import { BACKGROUND_COLOR, SITE_DESCRIPTION, SITE_NAME, THEME_COLOR } from "@/lib/shared/site-identity";

/**
 * The web app manifest (issue 54), served by Next as /manifest.webmanifest and linked from every
 * page. It makes the site installable: Chromium's install prompt, and on iPhone and iPad "Add to
 * Home Screen" as an app of its own (display: standalone), which is what lets iOS deliver Web Push
 * to it at all. start_url is the home page as every visitor gets it (one cached HTML, no query
 * string); id and scope pin the app to the whole site. The icons are drawn by scripts/app-icons.ts.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: SITE_NAME,
    short_name: SITE_NAME,
    description: SITE_DESCRIPTION,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
