// `npm run db:seed`: loads the seed snapshot into DATABASE_URL if it has no coins yet.
import "./load-env";
import { createPrismaClient } from "../lib/db/create-client";
import { seedDatabase } from "../lib/db-setup/seed";

const db = createPrismaClient();
try {
  const result = await seedDatabase(db);
  console.log(result.seeded ? `Seeded ${result.coins} coins and ${result.featured} featured comparisons.` : "Database already has coins; seed skipped.");
} finally {
  await db.$disconnect();
}
