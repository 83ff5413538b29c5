// What the bench's experiment proxies share (held-scripts-proxy.ts, html-rewrite-proxy.ts): a server on
// a free loopback port in front of the app, and its closing (its keep-alive agent and open sockets too).
import type http from "node:http";
import type { AddressInfo } from "node:net";

export type LoopbackProxy = { baseUrl: string; close(): Promise<void> };

export async function listenOnLoopback(server: http.Server, agent: http.Agent): Promise<LoopbackProxy> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
