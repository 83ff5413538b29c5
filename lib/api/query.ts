// Query-string parsing for route handlers: the schema decides which parameters exist;
// anything else (unknown keys, repeated keys, wrong types) is a 400 that names the problem.
import type { z } from "zod";
import { ApiError, describeZodError } from "./errors";

export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.infer<T> {
  const params = new URL(request.url).searchParams;
  // Without a prototype, "__proto__" is a key like any other, so the schema sees it and refuses
  // it as unknown; on a plain object the assignment would set the prototype and vanish.
  const raw: Record<string, string> = Object.create(null);
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    if (values.length > 1) throw new ApiError("invalid_query", `Query parameter "${key}" is given more than once.`);
    raw[key] = values[0] ?? "";
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiError("invalid_query", describeZodError(parsed.error));
  return parsed.data;
}
