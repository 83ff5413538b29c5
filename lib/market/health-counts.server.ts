// The refresh pass's last step (lib/market/run.server.ts refreshMarket): it counts what /api/health
// reports over every coin and stores it as one market state row, which the health check reads.
import "server-only";
import type { PrismaClient } from "@/lib/db/create-client";
import { errorMessage } from "@/lib/errors/error-message";
import { countHealth } from "./health-counts";
import { writeMarketState } from "./state.server";

/**
 * Counts and stores. Never fails the pass (its prices are written): the health check then shows the
 * previous counts with their older `countedAt`, and the next pass counts again.
 */
export async function writeHealthCounts(db: PrismaClient, options: { now?: Date; log?: (line: string) => void } = {}): Promise<void> {
  try {
    await writeMarketState(db, "health-counts", await countHealth(db, options.now ?? new Date()));
  } catch (error) {
    (options.log ?? console.warn)(`[market] health counts not stored: ${errorMessage(error)}`);
  }
}
