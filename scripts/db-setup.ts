// Runs before `npm run dev` and `npm start`: creates the database if needed, applies pending
// migrations, and loads the seed snapshot into an empty database.
import "./load-env";
import { createPrismaClient } from "../lib/db/create-client";
import { migrateDatabase } from "../lib/db/migrate";
import { seedDatabase } from "../lib/db/seed";
import { databaseConfig } from "../lib/db/config";

const config = databaseConfig();
const applied = await migrateDatabase(config);
if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

const db = createPrismaClient(config);
try {
  const result = await seedDatabase(db);
  if (result.seeded) console.log(`Seeded ${result.coins} coins and ${result.featured} featured comparisons.`);
} finally {
  await db.$disconnect();
}
console.log(`Database ready (${config.url.startsWith("file:") ? config.url : "remote libSQL"}).`);
