// Shapes of the featured comparison slots' endpoints (the operators' schedule of them; orders sell
// their seats): request bodies, validated by the route handlers, the CLI and the admin page's
// form alike, and the answers the page parses.
import { z } from "../shared/zod";
import { rowIdSchema } from "../shared/row-id";
import { coinIdSchema } from "../coins/schemas";

/** An ISO 8601 time with a zone ("2026-12-01T00:00:00Z", "...+01:00"), as a Date. */
const instantSchema = z.iso
  .datetime({ offset: true, message: "Give a time in ISO 8601 with a zone, e.g. 2026-12-01T00:00:00Z." })
  .transform((value) => new Date(value));

/** POST /api/admin/featured: a featured comparison slot. No end: it runs until removed. */
export const scheduleFeaturedBodySchema = z
  .object({
    coin1Id: coinIdSchema,
    coin2Id: coinIdSchema,
    startsAt: instantSchema,
    endsAt: instantSchema.nullable().optional(),
    isPromoted: z.boolean().default(false),
  })
  .strict()
  .refine((body) => body.coin1Id !== body.coin2Id, { message: "coin1Id and coin2Id must be two different coins.", path: ["coin2Id"] })
  .refine((body) => !body.endsAt || body.endsAt.getTime() > body.startsAt.getTime(), { message: "endsAt must be after startsAt.", path: ["endsAt"] });
export type ScheduleFeaturedInput = z.input<typeof scheduleFeaturedBodySchema>;
export type ScheduleFeaturedBody = z.output<typeof scheduleFeaturedBodySchema>;

/** Path parameter of DELETE /api/admin/featured/{id}. */
export const featuredIdSchema = rowIdSchema;

export const SLOT_STATUSES = ["live", "scheduled", "ended"] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

const slotCoinSchema = z.object({ id: coinIdSchema, symbol: z.string(), name: z.string() });

export const featuredSlotSchema = z.object({
  id: z.number().int(),
  coin1: slotCoinSchema,
  coin2: slotCoinSchema,
  isPromoted: z.boolean(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** Against the server's clock when answered: scheduled (not started), live, or ended. */
  status: z.enum(SLOT_STATUSES),
});
export type FeaturedSlot = z.infer<typeof featuredSlotSchema>;
export const featuredSlotListSchema = z.array(featuredSlotSchema);
