"use client";

// The signed-in wallet's API keys on the client (issue 55): the list, and the writes, each
// refetching the list before it counts as done (components/shell/use-refetching-write.ts).
import { useQuery } from "@tanstack/react-query";
import { apiKey, apiMutation, apiQuery } from "@/lib/api/endpoint-queries.browser";
import { useRefetchingWrite } from "@/components/shell/use-refetching-write";

const apiKeyEndpoints = () => import("@/lib/api-keys/endpoints");

export function useApiKeys(userId: number) {
  return useQuery(apiQuery(apiKeyEndpoints, "apiKeys", { scope: [userId] }));
}

type After = { onSuccess?: () => void; onError?: () => void };

export function useCreateApiKey(after?: After) {
  return useRefetchingWrite(apiMutation(apiKeyEndpoints, "createApiKey", (name: string) => ({ body: { name } })), [apiKey("apiKeys")], after);
}

export function useRevokeApiKey(after?: After) {
  return useRefetchingWrite(apiMutation(apiKeyEndpoints, "revokeApiKey", (id: string) => ({ params: { id } })), [apiKey("apiKeys")], after);
}
