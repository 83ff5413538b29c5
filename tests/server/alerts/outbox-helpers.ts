// The outbox files' shared set-up (server/alerts): the local push service with the VAPID keys and
// the admitted origin in the environment, and a client whose outbox reads answer late.
import type { PrismaClient } from "@/lib/db/create-client";
import { setEnvVars } from "@/tests/helpers/env-vars";
import { forwardTo } from "@/tests/helpers/forward-to";
import { admitPushServices, startPushService, type PushService } from "@/tests/helpers/push-service";

/**
 * The push service for this file: started before its tests with VAPID_* and the admitted origin
 * set, the variables restored and the service closed after. Used as the service itself.
 */
export function usePushService(vapid: { publicKey: string; privateKey: string }, subject = "mailto:ops@example.com"): PushService {
  let service: PushService | undefined;
  let restoreEnv = () => {};
  beforeAll(async () => {
    service = await startPushService();
    restoreEnv = setEnvVars({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: subject, ...admitPushServices(service) });
  });
  afterAll(async () => {
    restoreEnv();
    await service?.close();
  });
  return forwardTo(() => {
    if (!service) throw new Error("usePushService: the push service starts in beforeAll; use it from a hook or a test");
    return service;
  });
}

/** The same client, its reads of the outbox answered 100 ms late (every drain reads the same due rows before any claims). */
export function slowReads(client: PrismaClient): PrismaClient {
  return client.$extends({
    query: {
      alertDelivery: {
        async findMany({ args, query }) {
          const rows = await query(args);
          await new Promise((resolve) => setTimeout(resolve, 100));
          return rows;
        },
      },
    },
  }) as unknown as PrismaClient;
}
