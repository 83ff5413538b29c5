// Any /api path without its own route answers 404 JSON, never the HTML 404 page.
import { errorResponse } from "@/lib/api/errors";

const notFound = async (request: Request) => errorResponse("not_found", `No API endpoint at ${new URL(request.url).pathname}.`);

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
