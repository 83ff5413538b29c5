// A zod error as one readable line, the same on the server (400 messages) and in the browser.
import type { z } from "zod";

/** "limit: Too big: expected number to be <=100; foo: Unrecognized key" */
export function describeZodIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
      return `${where}${issue.message}`;
    })
    .join("; ");
}
