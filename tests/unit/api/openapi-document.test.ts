// The OpenAPI document, byte for byte: the endpoints' declarations moved from one contract file
// to one per feature (issue 52), and the document they describe must not change with where they
// are written. A deliberate change to an endpoint rewrites the fixture:
//   UPDATE_OPENAPI_FIXTURE=1 npx jest tests/unit/api/openapi-document.test.ts
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/api/openapi";

const FIXTURE = path.join(__dirname, "fixtures/openapi.json");

test("the generated OpenAPI document is byte-identical to the committed one", () => {
  const generated = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
  if (process.env.UPDATE_OPENAPI_FIXTURE === "1") writeFileSync(FIXTURE, generated);
  expect(generated).toBe(readFileSync(FIXTURE, "utf8"));
});
