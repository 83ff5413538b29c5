// Runs before `npm run dev` and `npm start`: creates the database if needed, applies pending
// migrations, and loads the seed snapshot into an empty database.
import "./load-env";
import { databaseConfig } from "../lib/db/config";
import { setupDatabase } from "../lib/db-setup/setup";

const config = databaseConfig();
const { applied, seed } = await setupDatabase(config);
if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
if (seed.seeded) console.log(`Seeded ${seed.coins} coins and ${seed.featured} featured comparisons.`);
console.log(`Database ready (${config.url.startsWith("file:") ? config.url : "remote libSQL"}).`);
