// The API described once (lib/api/openapi.ts): GET /api/openapi.json serves the document built
// from the declared endpoints, it validates as OpenAPI 3.1 (a well-kept validator, run as the ES
// module it is in a Node of its own), and docs/api.md is in step with it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as openApi from "@/app/api/openapi.json/route";
import { endpoints } from "@/lib/api/contract";
import { ERROR_STATUS } from "@/lib/api/error-codes";
import { buildOpenApiDocument, renderApiMarkdown } from "@/lib/api/openapi";
import { PUBLIC_CACHE_CONTROL } from "@/lib/api/responses";
import { call } from "@/tests/helpers/request";

type Document = { openapi: string; paths: Record<string, Record<string, { operationId: string; parameters: { name: string; in: string }[] }>> };

test("GET /api/openapi.json: every declared endpoint, its parameters, and the error codes; cached like the public reads", async () => {
  const res = await call(openApi.GET, "/api/openapi.json");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe(PUBLIC_CACHE_CONTROL);
  const document = res.body as Document;
  expect(document).toEqual(buildOpenApiDocument());
  expect(document.openapi).toBe("3.1.0");
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
  expect(operations.sort()).toEqual(Object.keys(endpoints).sort());
  expect(document.paths["/api/admin/orders/{id}/reject"]!.post!.parameters).toEqual([expect.objectContaining({ name: "id", in: "path" })]);
  expect(document.paths["/api/cryptocurrencies"]!.get!.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(["ids"]));
  expect((res.body as { "x-error-status": unknown })["x-error-status"]).toEqual(ERROR_STATUS);
  expect((await call(openApi.GET, "/api/openapi.json?x=1")).status).toBe(400);
});

test("the document validates as OpenAPI 3.1", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "openapi-"));
  try {
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(buildOpenApiDocument()));
    const script = `import { Validator } from "@seriousme/openapi-schema-validator";
      const validator = new Validator();
      const result = await validator.validate(${JSON.stringify(file)});
      console.log(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? null }));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({ valid: true, version: "3.1", errors: null });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("docs/api.md is in step with the contract (run `npm run docs:api` after changing an endpoint)", () => {
  expect(readFileSync(path.join(process.cwd(), "docs/api.md"), "utf8")).toBe(renderApiMarkdown());
});
