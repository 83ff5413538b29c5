// After a write to public data: drop this process's cached values for it and mark the cached
// pages that show it for a rebuild. Called by the domain functions that write (a refresh pass,
// an operator's edit), so every entry point (route, CLI, schedule) gets it.
import "server-only";
import { revalidatePath } from "next/cache";
import { invalidatePublicCache } from "./public-cache.server";
import { PAGES_BY_TAG, type PublicTag } from "./public-tags";

export function invalidatePublicData(tags: readonly PublicTag[]): void {
  invalidatePublicCache(tags);
  for (const tag of tags) {
    for (const [path, type] of PAGES_BY_TAG[tag]) {
      try {
        revalidatePath(path, type);
      } catch (error) {
        // Outside a request (the CLI, the Node host's schedule, a test calling lib/ directly) Next
        // has no page cache to reach from here; those pages follow within the time ceiling.
        if (!String(error).includes("static generation store missing")) console.warn(`[cache] could not revalidate ${path}: ${String(error)}`);
      }
    }
  }
}
