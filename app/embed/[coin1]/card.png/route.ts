// /embed/{coin}/card.png: the coin card as an image, for places that take no iframes.
import { cardRoute } from "@/lib/embed/card-response.server";

export const dynamic = "force-dynamic";

export const GET = cardRoute("coin", "png");
