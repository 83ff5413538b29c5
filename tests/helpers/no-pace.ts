/** A source's request pace that never waits: tests decide timing themselves (lib/market/http.server.ts). */
export const noPace = async (): Promise<void> => {};
