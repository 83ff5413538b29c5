// /embed/{coin}: one coin's card (price, market cap, 24h) for other sites' pages (docs/pages.md, "Embedding").
import { cardRoute } from "@/lib/embed/card-response.server";

export const dynamic = "force-dynamic";

export const GET = cardRoute("coin", "html");
