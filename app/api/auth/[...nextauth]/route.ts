// next-auth's endpoints that the app uses: GET csrf, POST callback/credentials, POST signout.
import { rejectOtherMethods, withErrorHandling } from "@/lib/api/errors";
import { handleNextAuthRequest } from "@/lib/auth/next-auth-route";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

const handler = withErrorHandling(async (request: Request, context: Context) =>
  handleNextAuthRequest(request, (await context.params).nextauth),
);

export const GET = handler;
export const POST = handler;
export const { PUT, PATCH, DELETE } = rejectOtherMethods(["GET", "POST"]);
