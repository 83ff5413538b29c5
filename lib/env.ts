// The one module that reads process.env. Everything else asks it for validated values,
// so a misconfigured deployment fails at start-up with a message, not later with a stack.
import { z } from "zod";

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .min(1)
    .refine((url) => /^(file:|libsql:|https?:|wss?:)/.test(url), {
      message: "DATABASE_URL must start with file:, libsql:, http(s): or ws(s):",
    })
    .default("file:./data/app.db"),
  DATABASE_AUTH_TOKEN: z.string().trim().min(1).optional(),
  /** Public origin of the site, for absolute URLs in metadata; e.g. https://pulsecompare.example */
  NEXT_PUBLIC_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse({
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    DATABASE_AUTH_TOKEN: process.env.DATABASE_AUTH_TOKEN || undefined,
    NEXT_PUBLIC_SITE_URL: process.env.NEXT_PUBLIC_SITE_URL || undefined,
    NODE_ENV: process.env.NODE_ENV || undefined,
  });
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${details}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change DATABASE_URL between suites; this forgets the cached values. */
export function resetEnvCache(): void {
  cached = undefined;
}
