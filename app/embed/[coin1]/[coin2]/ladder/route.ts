// /embed/{coin1}/{coin2}/ladder: the pair's ladder of targets as a card (docs/pages.md, "Embedding").
import { cardRoute } from "@/lib/embed/card-response.server";

export const dynamic = "force-dynamic";

export const GET = cardRoute("ladder", "html");
