// Issue 51: a write in another process reaches this one's snapshot within the probe interval,
// with one rebuild, on a local SQLite file shared by both (tests/helpers/coins-two-processes.ts).
import { useTestDatabase } from "@/tests/helpers/test-database";
import { twoProcessesOnOneDatabase } from "@/tests/helpers/coins-two-processes";

const { db } = useTestDatabase();
twoProcessesOnOneDatabase({ url: () => process.env.DATABASE_URL!, db });
