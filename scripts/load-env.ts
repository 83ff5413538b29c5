// Scripts read the same .env files as `next dev`/`next start` (Next's own loader), so
// `npm run db:setup` and the app always agree on DATABASE_URL. Import this first.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV !== "production");
