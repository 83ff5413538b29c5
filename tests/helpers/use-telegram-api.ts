// A jest file's local Bot API server, with the app's environment pointing a bot at it
// (botEnv, plus `extraEnv`) for the whole file; its recorded calls are forgotten before each test.
import { setEnvVars } from "./env-vars";
import { botEnv, startTelegramApi, type TelegramApiServer } from "./telegram-api";

export function useTelegramApi(extraEnv: Record<string, string> = {}): () => TelegramApiServer {
  let api: TelegramApiServer | undefined;
  let restoreEnv: (() => void) | undefined;
  beforeAll(async () => {
    api = await startTelegramApi();
    restoreEnv = setEnvVars({ ...botEnv(api.apiRoot), ...extraEnv });
  });
  afterAll(async () => {
    restoreEnv?.();
    await api?.close();
  });
  beforeEach(() => api!.reset());
  return () => api!;
}
