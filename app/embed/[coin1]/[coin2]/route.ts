// /embed/{coin1}/{coin2}: coin 1 at coin 2's market cap as a card for other sites' pages (?target=ath, ?mcap=, ?hold=, ?supply1=, ?supply2=, ?theme=; docs/pages.md, "Embedding").
import { cardRoute } from "@/lib/embed/card-response.server";

export const dynamic = "force-dynamic";

export const GET = cardRoute("pair", "html");
