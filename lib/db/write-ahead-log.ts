// A local SQLite file runs in write-ahead-log mode: readers never block the one writer and the
// writer never blocks them, so a refresh pass can commit while pages read, and a page view never
// waits for a pass. The mode is stored in the file, so setting it once (at setup) is enough.
import { createClient, type Config } from "@libsql/client";
import { isLocalFile, withBusyTimeout } from "./config";

export async function enableWriteAheadLog(config: Config): Promise<void> {
  if (!isLocalFile(config)) return; // a remote libSQL server manages its own journal
  const client = createClient(withBusyTimeout(config));
  try {
    await client.execute("PRAGMA journal_mode = WAL");
  } finally {
    client.close();
  }
}
