// A libSQL server that stops answering (sqld SIGSTOPped: it keeps its port, the kernel still
// accepts connections, and nothing ever answers) makes the API answer 503 database_unavailable
// JSON within DATABASE_TIMEOUT_MS, not hang: real route handlers, the app's own client, a real
// paused sqld. Without the deadline (lib/db/config.ts withRequestDeadline) these requests wait
// for Node's 5-minute fetch limit, and jest fails them first. Once the server answers again, so
// does the API.
import * as health from "@/app/api/health/route";
import * as coin from "@/app/api/cryptocurrencies/[id]/route";
import * as watchlist from "@/app/api/watchlist/route";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { call } from "@/tests/helpers/request";
import { useSqldDatabase } from "@/tests/helpers/sqld";
import { useAuthEnvironment } from "@/tests/helpers/wallet-session";
import { JSON_WRITE, signIn, type SignedIn } from "@/tests/helpers/account-session";

const TIMEOUT_MS = 1_500;
const { server } = useSqldDatabase({ env: { DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) } });
useAuthEnvironment();

jest.setTimeout(120_000);

let user: SignedIn;
beforeAll(async () => {
  user = await signIn();
});

const requests = () => ({
  "GET /api/watchlist (signed in)": () => user.browser.request(watchlist.GET, "/api/watchlist"),
  "POST /api/watchlist (signed in)": () =>
    user.browser.request(watchlist.POST, "/api/watchlist", { method: "POST", headers: JSON_WRITE, body: JSON.stringify({ coinId: "hex" }) }),
  "GET /api/cryptocurrencies/hex (not cached)": () => call(coin.GET, "/api/cryptocurrencies/hex", { params: { id: "hex" } }),
});

test("with sqld paused, API reads and writes answer 503 database_unavailable JSON within the deadline, and recover after", async () => {
  // Answering before the pause.
  expect((await requests()["GET /api/watchlist (signed in)"]()).status).toBe(200);

  server().pause();
  try {
    const started = Date.now();
    const answers = await Promise.all(
      Object.entries(requests()).map(async ([name, send]) => {
        const res = await send();
        return { name, ms: Date.now() - started, status: res.status, body: res.body, retryAfter: res.headers.get("retry-after") };
      }),
    );
    // The health check answers its own 503 shape (app/api/health/route.ts) within the same bound.
    const healthStarted = Date.now();
    const healthRes = await call(health.GET, "/api/health");
    const healthMs = Date.now() - healthStarted;

    console.log(
      `sqld paused, DATABASE_TIMEOUT_MS=${TIMEOUT_MS}: ${answers.map((a) => `${a.name} ${a.status} in ${a.ms} ms`).join("; ")}; GET /api/health ${healthRes.status} in ${healthMs} ms`,
    );
    for (const answer of answers) {
      expect({ name: answer.name, status: answer.status, code: apiErrorSchema.parse(answer.body).error.code, retryAfter: answer.retryAfter }).toEqual({
        name: answer.name,
        status: 503,
        code: "database_unavailable",
        retryAfter: "5",
      });
      // The deadline plus a wide margin for a loaded CI machine; without it, minutes.
      expect(answer.ms).toBeLessThan(TIMEOUT_MS + 8_000);
    }
    expect(healthRes.status).toBe(503);
    expect(healthMs).toBeLessThan(TIMEOUT_MS + 8_000);
  } finally {
    server().resume();
  }

  // The server is back: within a few probes, so is the API (and the write lands once).
  const deadline = Date.now() + 30_000;
  let after = await requests()["POST /api/watchlist (signed in)"]();
  while (after.status === 503 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    after = await requests()["POST /api/watchlist (signed in)"]();
  }
  expect([200, 201]).toContain(after.status);
  const list = await requests()["GET /api/watchlist (signed in)"]();
  expect(list.status).toBe(200);
  expect((list.body as { coinId: string }[]).map((entry) => entry.coinId)).toEqual(["hex"]);
});
