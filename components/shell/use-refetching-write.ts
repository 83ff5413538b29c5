"use client";

// A declared write (lib/api/endpoint-queries.browser.ts apiMutation) whose success refetches the
// lists it changed before the write counts as done, so the page shows the result by the time
// its buttons come back. The account and admin pages add their own toasts on top.
import { useMutation, useQueryClient, type UseMutationOptions } from "@tanstack/react-query";

export function useRefetchingWrite<D, V>(
  write: UseMutationOptions<D, Error, V>,
  refresh: readonly (readonly unknown[])[],
  after: { onSuccess?: () => void; onError?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...write,
    onSuccess: async () => {
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      after.onSuccess?.();
    },
    ...(after.onError && { onError: after.onError }),
  });
}
