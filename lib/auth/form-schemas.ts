// The forms next-auth's endpoints take (url-encoded, with its CSRF token): the signed SIWE
// message on sign-in, the token alone on sign-out. Pure, shared by the route and the client.
import { z } from "../shared/zod";

/** The longest SIWE message accepted; real ones are under 600 characters. */
export const MAX_MESSAGE_LENGTH = 4096;

const csrfToken = z.string().min(1).max(256);

export const signInBodySchema = z.strictObject({
  csrfToken,
  message: z.string().min(1).max(MAX_MESSAGE_LENGTH),
  signature: z.string().min(1).max(4096),
});

export const signOutBodySchema = z.strictObject({ csrfToken });
