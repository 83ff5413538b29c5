// Issue 51: a write in another process reaches this one's snapshot within the probe interval,
// with one rebuild, on a real libSQL server (sqld) shared by both (tests/helpers/coins-two-processes.ts).
import { useSqldDatabase } from "@/tests/helpers/sqld";
import { twoProcessesOnOneDatabase } from "@/tests/helpers/coins-two-processes";

const { server, db } = useSqldDatabase();
twoProcessesOnOneDatabase({ url: () => server().url, db });
