import { endpoints } from "@/lib/api/contract";
import { methods, route } from "@/lib/api/route.server";
import { getDb } from "@/lib/db/get-db.server";
import { SLOT_HORIZON_DAYS } from "@/lib/orders/quotes.server";
import { slotCalendar } from "@/lib/orders/seats.server";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route(endpoints.slotCalendar, () => slotCalendar(getDb(), new Date(), SLOT_HORIZON_DAYS)),
});
