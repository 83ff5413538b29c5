// /embed/{coin1}/{coin2}/ladder/card.png: the ladder card as an image.
import { cardRoute } from "@/lib/embed/card-response.server";

export const dynamic = "force-dynamic";

export const GET = cardRoute("ladder", "png");
