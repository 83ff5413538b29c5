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
// a header of our own, removing any copy the client sent: Node's http(s).Server hands each request
// to its listeners through `emit("request", req, res)`, and instrumentation.ts wraps that emit at
// start-up (Next creates its server before instrumentation runs, but the method is looked up on
// the prototype for each request). The header is only believed in a process where the hook is
// installed; elsewhere (jest calling handlers directly, a host that bypasses Node's http server)
// lib/security/client-ip.ts treats the peer as unknown instead.
import "server-only";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";

/** Private request header holding the TCP peer's address; never taken from a client. */
export const PEER_ADDRESS_HEADER = "x-pulsecompare-peer-address";

const HOOK_KEY = Symbol.for("pulsecompare.peer-address-hook");
type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
/** The wrapped servers' own emit methods, kept so that tests can undo the hook. */
const globalHook = globalThis as unknown as { [HOOK_KEY]?: Array<[typeof http.Server | typeof https.Server, Emit]> };

/** Writes the socket's address into PEER_ADDRESS_HEADER, replacing whatever the client sent. */
export function stampPeerAddress(req: IncomingMessage): void {
  delete req.headers[PEER_ADDRESS_HEADER];
  const address = req.socket?.remoteAddress;
  if (address) req.headers[PEER_ADDRESS_HEADER] = address;
}

/** Stamps every request any http or https server of this process receives. Idempotent. */
export function installPeerAddressHook(): void {
  if (globalHook[HOOK_KEY]) return;
  const originals: Array<[typeof http.Server | typeof https.Server, Emit]> = [];
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit as Emit;
    originals.push([Server, emit]);
    Server.prototype.emit = function emitWithPeerAddress(this: unknown, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "request") stampPeerAddress(args[0] as IncomingMessage);
      return emit.call(this, event, ...args);
    } as typeof Server.prototype.emit;
  }
  globalHook[HOOK_KEY] = originals;
}

/** True when this process stamps its requests, so PEER_ADDRESS_HEADER can be believed. */
export function peerAddressHookInstalled(): boolean {
  return globalHook[HOOK_KEY] !== undefined;
}

/** Tests: puts Node's servers back as they were. */
export function uninstallPeerAddressHookForTests(): void {
  for (const [Server, emit] of globalHook[HOOK_KEY] ?? []) Server.prototype.emit = emit as typeof Server.prototype.emit;
  globalHook[HOOK_KEY] = undefined;
}
