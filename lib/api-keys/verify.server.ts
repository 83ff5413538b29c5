// The open API's keys (issue 55): whether a bearer token is a live key. None can be created yet
// (the /developers page and the key store come next), so every key is refused: a 401, never a
// silent fall back to the anonymous quota.
import "server-only";

export async function findLiveApiKey(token: string): Promise<{ id: string } | null> {
  void token;
  return null;
}
