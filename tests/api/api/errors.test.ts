import * as catchAll from "@/app/api/[[...path]]/route";
import { ApiError, withErrorHandling } from "@/lib/api/errors";
import { apiErrorSchema } from "@/lib/coins/schemas";
import { call } from "@/tests/helpers/request";

test.each(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const)(
  "%s on an unknown /api path is a 404 JSON error, not an HTML page",
  async (method) => {
    const handler = catchAll[method];
    const res = await call(handler, "/api/no/such/thing", { method });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(apiErrorSchema.parse(res.body).error).toEqual({
      code: "not_found",
      message: "No API endpoint at /api/no/such/thing.",
    });
  },
);

test("an ApiError becomes its status and JSON body", async () => {
  const handler = withErrorHandling(async () => {
    throw new ApiError("not_found", "Nope.");
  });
  const res = await call(handler, "/api/x");
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ error: { code: "not_found", message: "Nope." } });
});

test("an unexpected error is a generic 500 that leaks nothing", async () => {
  const spy = jest.spyOn(console, "error").mockImplementation(() => {});
  const handler = withErrorHandling(async () => {
    throw new Error("SQLITE_CORRUPT: secret path /var/data/app.db");
  });
  const res = await call(handler, "/api/x");
  expect(res.status).toBe(500);
  expect(apiErrorSchema.parse(res.body).error.code).toBe("internal_error");
  expect(res.text).not.toMatch(/SQLITE|secret|app\.db/);
  expect(spy).toHaveBeenCalled();
  spy.mockRestore();
});
