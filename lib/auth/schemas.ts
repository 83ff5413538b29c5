// Shapes of the auth endpoints' answers, shared by the route handlers' tests and the client.
import { z } from "../shared/zod";

export const authUserSchema = z.object({ id: z.number().int(), address: z.string(), createdAt: z.string() });
export type AuthUser = z.infer<typeof authUserSchema>;

export const nonceSchema = z.object({ nonce: z.string(), expiresAt: z.string() });
export const csrfSchema = z.object({ csrfToken: z.string() });
export const authOkSchema = z.object({ ok: z.literal(true) });
