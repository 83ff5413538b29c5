// `npm run db:migrate`: applies pending migrations to DATABASE_URL (default: the local file).
import "./load-env";
import { migrateDatabase } from "../lib/db/migrate";

const applied = await migrateDatabase();
console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database schema is up to date.");
