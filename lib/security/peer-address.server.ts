// The TCP peer's address, carried to route handlers.
//
// An App Router route handler gets a web Request: no socket, so no `socket.remoteAddress`.
// `next start` does not help either. Its base server (next/dist/server/base-server.js,
// handleRequestImpl) only fills a *missing* X-Forwarded-For:
//     req.headers['x-forwarded-for'] ??= originalRequest.socket.remoteAddress
// A client that sends its own X-Forwarded-For keeps it as sent: Next neither overwrites it nor
// appends the peer, so no entry of it (not even the rightmost) can be trusted when browsers
// reach `next start` directly. Seen on a real `next start` (Next 16.4.6) with curl from
// 127.0.0.1: without the header the handler saw `x-forwarded-for: 127.0.0.1`
// (`::ffff:127.0.0.1` when listening on all interfaces); with `X-Forwarded-For: 203.0.113.7`
// it saw exactly "203.0.113.7", and "203.0.113.7, 198.51.100.9" as sent.
//
// So the server process stamps every request, before Next sees it, with the socket's address in
// a header of our own, removing any copy the client sent (a request hook, lib/http/request-hooks.server.ts,
// added by instrumentation.ts). The header is only believed in a process where the hook is
// installed; elsewhere (jest calling handlers directly, a host that bypasses Node's http server)
// lib/security/client-ip.server.ts treats the peer as unknown instead.
import "server-only";
import type { IncomingMessage } from "node:http";
import { addRequestHook, hasRequestHook, removeRequestHooksForTests } from "../http/request-hooks.server";

/** Private request header holding the TCP peer's address; never taken from a client. */
export const PEER_ADDRESS_HEADER = "x-pulsecompare-peer-address";

const HOOK = "peer-address";

/** Writes the socket's address into PEER_ADDRESS_HEADER, replacing whatever the client sent. */
export function stampPeerAddress(req: IncomingMessage): void {
  delete req.headers[PEER_ADDRESS_HEADER];
  const address = req.socket?.remoteAddress;
  if (address) req.headers[PEER_ADDRESS_HEADER] = address;
}

/** Stamps every request any http or https server of this process receives. Idempotent. */
export function installPeerAddressHook(): void {
  addRequestHook(HOOK, (req) => {
    stampPeerAddress(req);
    return false;
  });
}

/** True when this process stamps its requests, so PEER_ADDRESS_HEADER can be believed. */
export function peerAddressHookInstalled(): boolean {
  return hasRequestHook(HOOK);
}

/** Tests: stops stamping. */
export function uninstallPeerAddressHookForTests(): void {
  removeRequestHooksForTests(HOOK);
}
