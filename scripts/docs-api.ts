// `npm run docs:api`: writes docs/api.md from the declared endpoints (lib/api/openapi.ts).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { renderApiMarkdown } from "../lib/api/openapi";

const target = path.join(import.meta.dirname, "../docs/api.md");
writeFileSync(target, renderApiMarkdown());
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
