// The listing rules shared by the admin API, the CLI and the admin page's forms.
import { firstFreeId, slugFromSymbol } from "@/lib/listings/slug";
import { addressSchema, logoUrlSchema, splitTags, tagsSchema } from "@/lib/listings/schemas";

test.each([
  ["PEPE", "pepe"],
  ["pTGC", "ptgc"],
  ["9INCH", "9inch"],
  ["$WAGMI.x", "wagmi-x"],
  ["  Ünï Cörn  ", "uni-corn"],
  ["💎🙌", "token"],
  ["A".repeat(50), "a".repeat(32)],
])("the id for symbol %j is %j", (symbol, id) => {
  expect(slugFromSymbol(symbol)).toBe(id);
});

test("a taken id gets the first free numbered suffix", () => {
  expect(firstFreeId("pepe", new Set())).toBe("pepe");
  expect(firstFreeId("pepe", new Set(["pepe"]))).toBe("pepe-2");
  expect(firstFreeId("pepe", new Set(["pepe", "pepe-2", "pepe-3"]))).toBe("pepe-4");
  // /api/admin/coins/preview is a route: a coin with that id could not be edited at /api/admin/coins/{id}.
  expect(firstFreeId("preview", new Set())).toBe("preview-2");
});

describe("addresses", () => {
  const checksummed = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
  test("lower case, upper case and the right checksum are accepted and answered checksummed", () => {
    expect(addressSchema.parse(checksummed.toLowerCase())).toBe(checksummed);
    expect(addressSchema.parse(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(checksummed);
    expect(addressSchema.parse(` ${checksummed} `)).toBe(checksummed);
  });
  test.each([
    ["a wrong checksum", "0x5fbDB2315678afecb367f032d93F642f64180aa3", /checksum/],
    ["too short", "0x1234", /40 hex digits/],
    ["no 0x", "5FbDB2315678afecb367f032d93F642f64180aa3", /40 hex digits/],
    ["not hex", "0x5FbDB2315678afecb367f032d93F642f64180aZ3", /40 hex digits/],
  ])("%s is refused", (_name, value, message) => {
    const result = addressSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(message);
  });
});

describe("logos", () => {
  test.each(["https://cdn.example/a.png", "https://ipfs.io/ipfs/Qm123?x=1", "/logos/pepe.svg", "/logos/new/pepe-2.png"])("%s is accepted", (value) => {
    expect(logoUrlSchema.parse(value)).toBe(value);
  });
  test.each(["http://cdn.example/a.png", "javascript:alert(1)", "data:image/svg+xml,<svg/>", "/logos/../api/x", "/logos/", "/public/x.svg", "logos/x.svg", "https://user:pw@cdn.example/a.png", "https://"])("%s is refused", (value) => {
    expect(logoUrlSchema.safeParse(value).success).toBe(false);
  });
});

describe("tags", () => {
  test("are trimmed, lower-cased and deduplicated", () => {
    expect(tagsSchema.parse([" Meme", "dog", "meme", "pulsex-era"])).toEqual(["meme", "dog", "pulsex-era"]);
    expect(splitTags(" meme, Dog ,, ")).toEqual(["meme", "Dog"]);
  });
  test.each([[["big dog"]], [["meme!"]], [[""]], [["-meme"]], [["a".repeat(25)]], [Array.from({ length: 11 }, (_, i) => `t${i}`)]])("%j is refused", (tags) => {
    expect(tagsSchema.safeParse(tags).success).toBe(false);
  });
});
