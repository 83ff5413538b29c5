// `npx tsx --conditions react-server tests/bench/coins/trigger-cost.ts`: what the coins
// version's triggers add to a write of every coin (5,062 rows in one statement, as a pass's price
// write is), with the triggers and without (dropped on a copy of the database), 5 times each.
import { createClient } from "@libsql/client";
import { createSyntheticDatabase } from "@/tests/bench/synthetic-coins";

const database = await createSyntheticDatabase({ history: false });
try {
  const client = createClient({ url: database.url });
  const time = async () => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await client.execute(`UPDATE "Coin" SET "currentPrice" = "currentPrice" * 1.0001`);
      times.push(performance.now() - started);
    }
    return times.map((ms) => ms.toFixed(0)).join(" ");
  };
  console.log(`every coin updated in one statement (${database.coins} rows), ms: with the triggers ${await time()}`);
  const triggers = (await client.execute(`SELECT "sql" FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'Coin'`)).rows.map((row) => String(row.sql));
  for (const name of ["Coin_insert_bumps_version", "Coin_update_bumps_version", "Coin_delete_bumps_version"]) await client.execute(`DROP TRIGGER "${name}"`);
  console.log(`without ${await time()}`);
  for (const sql of triggers) await client.execute(sql);
  client.close();
} finally {
  database.remove();
}
