// `npm run admin -- <command>`: the operators' listing and featured-slot actions from a shell,
// against DATABASE_URL and PULSECHAIN_RPC_URL (read from .env like the app). Same domain
// functions and rules as the admin API; whoever can run this has the server's database, so there
// is no wallet check here. Exit codes: 0 done, 1 refused or failed, 2 usage error.
import "./load-env";
import { parseArgs } from "node:util";
import { z } from "zod";
import { describeZodError } from "../lib/api/errors";
import { DomainError } from "../lib/errors/domain-error";
import { errorMessage } from "../lib/errors/error-message";
import { createPrismaClient, type PrismaClient } from "../lib/db/create-client";
import { listAdminCoins, listCoin, updateCoin } from "../lib/listings/coins.server";
import { listFeaturedSlots, removeFeatured, scheduleFeatured } from "../lib/orders/featured-slots.server";
import { renameCoin } from "../lib/listings/rename-coin.server";
import { renameCoinBodySchema } from "../lib/listings/coin-rename-schema";
import { listCoinBodySchema, splitTags, updateCoinBodySchema, type AdminCoin } from "../lib/listings/schemas";
import { featuredIdSchema, scheduleFeaturedBodySchema, type FeaturedSlot } from "../lib/orders/featured-slot-schemas";

const USAGE = `Usage: npm run admin -- <command> [arguments]

  list-coin <address> [--logo URL] [--tags meme,dog] [--burn 0x..,0x..]
                       list a PulseChain token: name, symbol, decimals and price read on-chain
  tag <coinId> <tags>  set a coin's tags (comma-separated; "" clears them)
  logo <coinId> <URL>  set a coin's logo (https://... or /logos/...; "none" clears it)
  burn <coinId> <0x..,0x..>
                       set the addresses left out of the circulating supply ("default": the usual set)
  rename-coin <coinId> [--name TEXT] [--symbol TEXT]
                       show the coin under this name and/or symbol instead of what its contract
                       reads (e.g. --symbol pWETH --name "Wrapped Ether from Ethereum"); the id stays
  coins                list every coin, newest listing first
  feature <coin1Id> <coin2Id> --start ISO [--end ISO] [--promoted]
                       schedule a featured comparison (times in ISO 8601 with a zone, or "now";
                       no --end: it runs until unfeatured)
  unfeature <slotId>   remove a featured slot
  featured             list featured slots with their status

Exit codes: 0 done, 1 refused or failed, 2 usage error.`;

class UsageError extends Error {}

type Options = { logo?: string; tags?: string; burn?: string; start?: string; end?: string; promoted?: boolean; name?: string; symbol?: string };

function parse(argv: string[]): { command: string | undefined; args: string[]; options: Options; help: boolean } {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        logo: { type: "string" },
        tags: { type: "string" },
        burn: { type: "string" },
        start: { type: "string" },
        end: { type: "string" },
        promoted: { type: "boolean" },
        name: { type: "string" },
        symbol: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    const [command, ...args] = positionals;
    return { command, args, options: values, help: values.help ?? false };
  } catch (error) {
    throw new UsageError(errorMessage(error));
  }
}

/** Exactly `names.length` positional arguments, or a usage error naming what is missing. */
function positional(args: string[], names: string[]): string[] {
  if (args.length < names.length) throw new UsageError(`missing ${names.slice(args.length).map((name) => `<${name}>`).join(" ")}`);
  if (args.length > names.length) throw new UsageError(`unexpected argument ${JSON.stringify(args[names.length])}`);
  return args;
}

/** Options this command does not take are mistakes, not something to ignore. */
function only(options: Options, allowed: (keyof Options)[]): void {
  const extra = (Object.keys(options) as (keyof Options | "help")[]).filter((key) => key !== "help" && !allowed.includes(key as keyof Options));
  if (extra.length) throw new UsageError(`this command does not take ${extra.map((key) => `--${key}`).join(", ")}`);
}

const list = (text: string) => text.split(",").map((item) => item.trim()).filter(Boolean);
const time = (value: string) => (value === "now" ? new Date().toISOString() : value);

function describeCoin(coin: AdminCoin): string {
  const tags = coin.tags.length ? ` [${coin.tags.join(", ")}]` : "";
  const address = coin.contractAddress ? ` ${coin.contractAddress}` : "";
  return `${coin.id}  ${coin.symbol} (${coin.name})${address}  rank ${coin.rank}  $${coin.currentPrice.toPrecision(4)}  mcap $${Math.round(coin.marketCap).toLocaleString("en-US")}${tags}`;
}

function describeSlot(slot: FeaturedSlot): string {
  const promoted = slot.isPromoted ? "  promoted" : "";
  return `#${slot.id}  ${slot.status.padEnd(9)}  ${slot.coin1.id} vs ${slot.coin2.id}  ${slot.startsAt} -> ${slot.endsAt ?? "(no end)"}${promoted}`;
}

async function run(db: PrismaClient, command: string, args: string[], options: Options): Promise<void> {
  switch (command) {
    case "list-coin": {
      only(options, ["logo", "tags", "burn"]);
      const [contractAddress] = positional(args, ["address"]);
      const coin = await listCoin(db, listCoinBodySchema.parse({
        contractAddress,
        ...(options.logo !== undefined && { logoUrl: options.logo }),
        ...(options.tags !== undefined && { tags: splitTags(options.tags) }),
        ...(options.burn !== undefined && { burnAddresses: list(options.burn) }),
      }));
      console.log(`Listed ${coin.symbol} (${coin.name}) as "${coin.id}": ${coin.decimals} decimals, rank ${coin.rank}.`);
      console.log(describeCoin(coin));
      return;
    }
    case "tag": {
      only(options, []);
      const [coinId, tags] = positional(args, ["coinId", "tags"]);
      const coin = await updateCoin(db, coinId!, updateCoinBodySchema.parse({ tags: splitTags(tags!) }));
      console.log(`${coin.id} tags: ${coin.tags.length ? coin.tags.join(", ") : "(none)"}`);
      return;
    }
    case "logo": {
      only(options, []);
      const [coinId, logo] = positional(args, ["coinId", "URL"]);
      const coin = await updateCoin(db, coinId!, updateCoinBodySchema.parse({ logoUrl: logo === "none" ? null : logo }));
      console.log(`${coin.id} logo: ${coin.logoUrl ?? "(none)"}`);
      return;
    }
    case "burn": {
      only(options, []);
      const [coinId, addresses] = positional(args, ["coinId", "addresses"]);
      const coin = await updateCoin(db, coinId!, updateCoinBodySchema.parse({ burnAddresses: addresses === "default" ? null : list(addresses!) }));
      console.log(`${coin.id} burn addresses: ${coin.burnAddresses?.join(", ") ?? "(the default set)"} (used from the next market refresh)`);
      return;
    }
    case "rename-coin": {
      only(options, ["name", "symbol"]);
      const [coinId] = positional(args, ["coinId"]);
      if (options.name === undefined && options.symbol === undefined) throw new UsageError("give --name TEXT, --symbol TEXT or both");
      const body = renameCoinBodySchema.parse({
        ...(options.name !== undefined && { name: options.name }),
        ...(options.symbol !== undefined && { symbol: options.symbol }),
      });
      const { coin, change } = await renameCoin(db, coinId!, body);
      for (const [field, { from, to }] of Object.entries(change)) console.log(`${coin.id} ${field}: ${JSON.stringify(from)} -> ${JSON.stringify(to)}`);
      console.log(describeCoin(coin));
      return;
    }
    case "coins": {
      only(options, []);
      positional(args, []);
      for (const coin of await listAdminCoins(db)) console.log(describeCoin(coin));
      return;
    }
    case "feature": {
      only(options, ["start", "end", "promoted"]);
      const [coin1Id, coin2Id] = positional(args, ["coin1Id", "coin2Id"]);
      if (options.start === undefined) throw new UsageError("missing --start ISO (or --start now)");
      const slot = await scheduleFeatured(db, scheduleFeaturedBodySchema.parse({
        coin1Id,
        coin2Id,
        startsAt: time(options.start),
        endsAt: options.end === undefined ? null : time(options.end),
        isPromoted: options.promoted ?? false,
      }));
      console.log(`Scheduled featured slot #${slot.id}.`);
      console.log(describeSlot(slot));
      return;
    }
    case "unfeature": {
      only(options, []);
      const [id] = positional(args, ["slotId"]);
      const parsed = featuredIdSchema.safeParse(id);
      if (!parsed.success) throw new UsageError(`<slotId> is a slot number (see \`featured\`), not ${JSON.stringify(id)}`);
      await removeFeatured(db, parsed.data);
      console.log(`Removed featured slot #${parsed.data}.`);
      return;
    }
    case "featured": {
      only(options, []);
      positional(args, []);
      const slots = await listFeaturedSlots(db);
      if (slots.length === 0) console.log("No featured slots.");
      for (const slot of slots) console.log(describeSlot(slot));
      return;
    }
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`Error: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help || !parsed.command) {
    (parsed.help ? console.log : console.error)(USAGE);
    return parsed.help ? 0 : 2;
  }
  const db = createPrismaClient();
  try {
    await run(db, parsed.command, parsed.args, parsed.options);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof DomainError) {
      console.error(`Refused (${error.kind}): ${error.message}`);
      return 1;
    }
    if (error instanceof z.ZodError) {
      console.error(`Refused (invalid input): ${describeZodError(error)}`);
      return 1;
    }
    console.error("Failed:", error);
    return 1;
  } finally {
    await db.$disconnect();
  }
}

process.exitCode = await main(process.argv.slice(2));
