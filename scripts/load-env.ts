// Scripts read the same .env files as `next dev`/`next start` (Next's own loader), so
// `npm run db:setup` and the app always agree on DATABASE_URL. Import this first: it then checks
// the whole environment before the script's own modules run (ES modules run in import order),
// so a bad variable stops every CLI at its start, all of them named in one message, instead of
// surfacing in the middle of a command that reads it.
import nextEnv from "@next/env";
import { getEnv } from "../lib/config/env";
import { errorMessage } from "../lib/errors/error-message";

nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV !== "production");
try {
  getEnv();
} catch (error) {
  console.error(errorMessage(error));
  process.exit(1);
}
