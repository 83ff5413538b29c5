"use client";

// The signed-in user's alerts on the client (issue 39): the rules, what fired, the browsers that
// receive them, and the writes, each refetching the lists it changed before it counts as done
// (components/shell/use-refetching-write.ts). The writes' toasts are the callers': a rule made from a
// pair page says something other than a rule paused on /alerts.
import { useQuery } from "@tanstack/react-query";
import { apiKey, apiMutation, apiQuery } from "@/lib/api/endpoint-queries.browser";
import type { CreateAlertBody } from "@/lib/alerts/schemas";
import { useRefetchingWrite } from "@/components/shell/use-refetching-write";

const alertsEndpoints = () => import("@/lib/alerts/endpoints");

export function useAlertRules(userId: number) {
  return useQuery(apiQuery(alertsEndpoints, "alerts", { scope: [userId] }));
}

export function useAlertFirings(userId: number) {
  return useQuery(apiQuery(alertsEndpoints, "alertFirings", { scope: [userId] }));
}

export function usePushSubscriptions(userId: number) {
  return useQuery(apiQuery(alertsEndpoints, "pushSubscriptions", { scope: [userId] }));
}

export function useVapidKey() {
  return useQuery(apiQuery(alertsEndpoints, "vapidKey"));
}

type After = { onSuccess?: () => void; onError?: () => void };

export function useCreateAlert(after?: After) {
  return useRefetchingWrite(apiMutation(alertsEndpoints, "createAlert", (body: CreateAlertBody) => ({ body })), [apiKey("alerts")], after);
}

export function usePauseAlert(after?: After) {
  return useRefetchingWrite(
    apiMutation(alertsEndpoints, "updateAlert", ({ id, paused }: { id: number; paused: boolean }) => ({ params: { id: String(id) }, body: { paused } })),
    [apiKey("alerts")],
    after,
  );
}

export function useDeleteAlert(after?: After) {
  // Its firings go with it (the contract's deleteAlert), so that list is read again too.
  return useRefetchingWrite(
    apiMutation(alertsEndpoints, "deleteAlert", (id: number) => ({ params: { id: String(id) } })),
    [apiKey("alerts"), apiKey("alertFirings")],
    after,
  );
}

export function useRemovePushSubscription(after?: After) {
  return useRefetchingWrite(
    apiMutation(alertsEndpoints, "removePushSubscription", (id: number) => ({ params: { id: String(id) } })),
    [apiKey("pushSubscriptions"), BROWSER_PUSH_KEY],
    after,
  );
}

export function useTestNotification(after?: After) {
  // A test may find a browser gone (404/410 from its push service) and remove it.
  return useRefetchingWrite(apiMutation(alertsEndpoints, "testNotification"), [apiKey("pushSubscriptions")], after);
}

/** The cache key of this browser's own push state (components/alerts/browser-push.ts). */
export const BROWSER_PUSH_KEY = ["browserPush"] as const;
