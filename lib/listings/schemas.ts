// Shapes of the operators' listing endpoints: request bodies, validated by the route handlers,
// the CLI and the admin page's forms alike, and the answers the page parses.
import { getAddress, isAddress } from "viem";
import { z } from "../shared/zod";
import { operatorReasonSchema } from "@/lib/auth/operator-reason";
import { coinIdSchema } from "../coins/schemas";

/**
 * A PulseChain address, answered EIP-55 checksummed. All-lowercase is accepted; mixed case must
 * carry a correct checksum, since a wrong one means a typo in the address.
 */
export const addressSchema = z
  .string()
  .trim()
  .refine((value) => /^0x[0-9a-fA-F]{40}$/.test(value), { message: "Enter a contract address: 0x followed by 40 hex digits." })
  .refine(
    (value) => {
      const hex = value.slice(2);
      return hex === hex.toLowerCase() || hex === hex.toUpperCase() || isAddress(value, { strict: true });
    },
    { message: "The address's mixed-case checksum does not match: check it for a typo." },
  )
  .transform((value) => getAddress(value.toLowerCase()));

export const MAX_TAGS = 10;
const TAG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One label: a lowercase word (letters, digits, inner hyphens), e.g. "meme" or "pulsex-era". */
export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "A tag cannot be empty.")
  .max(24, "A tag is at most 24 characters.")
  .regex(TAG_PATTERN, "A tag is one lowercase word: letters, digits and inner hyphens (\"meme\", \"pulsex-era\").");

/** Up to 10 distinct tags; duplicates collapse. */
export const tagsSchema = z
  .array(tagSchema)
  .max(MAX_TAGS, `At most ${MAX_TAGS} tags.`)
  .transform((tags) => [...new Set(tags)]);

/** "meme, dog" as typed in a form field or on the command line, as a list. */
export function splitTags(text: string): string[] {
  return text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** A logo: an https URL, or a file the site serves from public/logos ("/logos/pepe.svg"). */
export const logoUrlSchema = z
  .string()
  .trim()
  .max(500, "A logo URL is at most 500 characters.")
  .refine((value) => /^\/logos\/[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/.test(value) || isHttpsUrl(value), {
    message: "A logo is an https:// URL or a path under /logos/ (e.g. /logos/pepe.svg).",
  });

export function isHttpsUrl(value: string): boolean {
  if (!value.startsWith("https://")) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Addresses whose balances do not circulate; replaces the default burn set. Up to 10. */
export const burnAddressesSchema = z
  .array(addressSchema)
  .min(1, "Give at least one burn address, or leave the field out for the default set.")
  .max(10, "At most 10 burn addresses.")
  .transform((addresses) => [...new Set(addresses)]);

/**
 * What the operator saw in the preview and confirmed. When given, the listing is refused (409
 * listing_changed) if the chain now answers another name, symbol or decimals, so what is listed
 * is what was shown.
 */
export const confirmedTokenSchema = z
  .object({
    name: z.string().max(200),
    symbol: z.string().max(50),
    decimals: z.number().int().min(0).max(255),
  })
  .strict();

/** POST /api/admin/coins: list a PulseChain token by its contract address. */
export const listCoinBodySchema = z
  .object({
    contractAddress: addressSchema,
    logoUrl: logoUrlSchema.optional(),
    tags: tagsSchema.optional(),
    burnAddresses: burnAddressesSchema.optional(),
    confirmed: confirmedTokenSchema.optional(),
  })
  .strict();
export type ListCoinInput = z.input<typeof listCoinBodySchema>;
export type ListCoinBody = z.output<typeof listCoinBodySchema>;

/** GET /api/admin/coins/preview?contractAddress=0x…: what listing that token would create. */
export const listingPreviewQuerySchema = z.object({ contractAddress: addressSchema }).strict();

/** The preview's answer: the cleaned token text, and the first price it would be listed with. */
export const listingPreviewSchema = z.object({
  contractAddress: z.string(),
  /** The coin id it would get now (another listing may take it first). */
  id: coinIdSchema,
  /** Cleaned: what the site will show. */
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  currentPrice: z.number(),
  marketCap: z.number(),
  circulatingSupply: z.number().nullable(),
  /** USD liquidity of the PulseX pool the price comes from. */
  liquidityUsd: z.number().nullable(),
  /** Whether cleaning changed the name or the symbol. */
  cleaned: z.boolean(),
  /**
   * What the contract answered, for each field cleaning changed (null when unchanged); at most
   * 256 characters, then "…". Shown escaped: it may hold control and direction characters.
   */
  raw: z.object({ name: z.string().nullable(), symbol: z.string().nullable() }),
});
export type ListingPreview = z.infer<typeof listingPreviewSchema>;

/** PATCH /api/admin/coins/{id}: null clears a logo, or puts the default burn set back. */
export const MAX_SUPPLY_NOTE_LENGTH = 300;

export const updateCoinBodySchema = z
  .object({
    logoUrl: logoUrlSchema.nullable().optional(),
    tags: tagsSchema.optional(),
    burnAddresses: burnAddressesSchema.nullable().optional(),
    /** How the coin's supply is counted, shown with its price's provenance; null or "" clears it. */
    supplyNote: z
      .string()
      .trim()
      .max(MAX_SUPPLY_NOTE_LENGTH, `A supply note is at most ${MAX_SUPPLY_NOTE_LENGTH} characters.`)
      .transform((note) => note || null)
      .nullable()
      .optional(),
    /** The Ethereum token's symbol this PulseChain token is the fork copy of; null or "" unmarks it. */
    forkOf: z
      .string()
      .trim()
      .max(16, "A symbol is at most 16 characters.")
      .transform((symbol) => symbol || null)
      .nullable()
      .optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Give at least one of logoUrl, tags, burnAddresses, supplyNote, forkOf.",
  });
export type UpdateCoinInput = z.input<typeof updateCoinBodySchema>;
export type UpdateCoinBody = z.output<typeof updateCoinBodySchema>;

/** A coin as the admin page sees it: the public fields plus what operators set. */
export const adminCoinSchema = z.object({
  id: coinIdSchema,
  symbol: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  tags: z.array(z.string()),
  chain: z.string(),
  contractAddress: z.string().nullable(),
  decimals: z.number().int().nullable(),
  /** Null: the default burn set. */
  burnAddresses: z.array(z.string()).nullable(),
  quoteSource: z.string().nullable(),
  priceSource: z.string(),
  currentPrice: z.number(),
  marketCap: z.number(),
  liquidityUsd: z.number().nullable(),
  rank: z.number().int(),
  listedAt: z.iso.datetime(),
  athPrice: z.number().nullable(),
  athAt: z.iso.datetime().nullable(),
  athMarketCap: z.number().nullable(),
  athMarketCapAt: z.iso.datetime().nullable(),
  supplyNote: z.string().nullable(),
  forkOf: z.string().nullable(),
  /**
   * Set while the token is quarantined (lib/market/pass/quarantine.ts): since when, the last reason its
   * contract failed the read, and how many passes in a row it has failed. Null otherwise.
   */
  quarantine: z.object({ since: z.iso.datetime(), reason: z.string().nullable(), failures: z.number().int().min(0) }).nullable(),
});
export type AdminCoin = z.infer<typeof adminCoinSchema>;

const highFigure = z.number().positive("A high is a positive number.").finite();

/**
 * POST /api/admin/coins/{id}/high: sets a wrong all-time high back to the highest held price on
 * record, or, with both figures, to the values given; the reason goes to the audit log.
 */
export const correctHighBodySchema = z
  .strictObject({ reason: operatorReasonSchema("Give the reason for the correction (it goes to the audit log)."), athPrice: highFigure.optional(), athMarketCap: highFigure.optional() })
  .refine((body) => (body.athPrice === undefined) === (body.athMarketCap === undefined), {
    message: "Give both athPrice and athMarketCap, or neither (the highest held price on record).",
    path: ["athMarketCap"],
  });
export type CorrectHighBody = z.infer<typeof correctHighBodySchema>;
export type CorrectHighInput = z.input<typeof correctHighBodySchema>;
export const adminCoinListSchema = z.array(adminCoinSchema);
