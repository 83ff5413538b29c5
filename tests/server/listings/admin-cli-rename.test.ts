// `npm run admin -- rename-coin` as a real process (`tsx --conditions react-server scripts/admin.ts`)
// against this file's temporary database: the operator's name and symbol for a coin in place of
// what its contract reads (issue 30), with the old and new text printed, and the same refusals as
// the API (POST /api/admin/coins/{id}/rename, tests/api/listings/admin-rename-coin.test.ts). No chain: a
// rename reads nothing from it.
import { execFile } from "node:child_process";
import { useTestDatabase } from "@/tests/helpers/test-database";

jest.setTimeout(120_000);

const { db } = useTestDatabase({ seed: true });

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("npx", ["tsx", "--conditions", "react-server", "scripts/admin.ts", ...args], { cwd: process.cwd(), env: { ...process.env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const text = async (id: string) => db().coin.findUniqueOrThrow({ where: { id }, select: { name: true, symbol: true, updatedAt: true } });

// One process after another: several CLI processes starting at once on a busy machine can hold
// the SQLite file long enough for a read to time out (tests/server/listings/admin-cli.test.ts).
test("rename-coin sets the name and symbol and prints old -> new; bad input, an unknown coin and a bad command line change nothing", async () => {
  const renamed = await admin("rename-coin", "pdai", "--symbol", "pDAI.e", "--name", "  Dai  from Ethereum ");
  expect(renamed).toMatchObject({ code: 0, stderr: "" });
  expect(renamed.stdout).toMatch(/^pdai name: "pDAI" -> "Dai from Ethereum"\npdai symbol: "pDAI" -> "pDAI\.e"\npdai {2}pDAI\.e \(Dai from Ethereum\) 0x[0-9a-fA-F]{40} {2}rank \d+/);
  expect(await text("pdai")).toMatchObject({ name: "Dai from Ethereum", symbol: "pDAI.e" });

  const before = await text("hex");
  const invalid = await admin("rename-coin", "hex", "--symbol", "p HEX", "--name", "HEX\u202E");
  const unknown = await admin("rename-coin", "nope", "--name", "Nope");
  const nothing = await admin("rename-coin", "hex");
  const wrongOption = await admin("rename-coin", "hex", "--logo", "/logos/hex.svg");
  expect(invalid).toMatchObject({
    code: 1,
    stdout: "",
    stderr: expect.stringMatching(/^Refused \(invalid input\): name: A name cannot hold control, invisible or direction characters .*; symbol: A symbol is one word: no spaces\.\n$/),
  });
  expect(unknown).toMatchObject({ code: 1, stdout: "", stderr: 'Refused (not_found): No coin with id "nope".\n' });
  // The usage (with the command's line) follows a usage error.
  expect(nothing).toMatchObject({ code: 2, stderr: expect.stringMatching(/^Error: give --name TEXT, --symbol TEXT or both\n\nUsage: npm run admin[\s\S]*rename-coin <coinId> \[--name TEXT\] \[--symbol TEXT\]/) });
  expect(wrongOption).toMatchObject({ code: 2, stderr: expect.stringMatching(/^Error: this command does not take --logo/) });
  expect(await text("hex")).toEqual(before);
});
