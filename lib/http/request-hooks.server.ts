// Code that sees each HTTP request before Next does.
//
// Node's http(s).Server hands each request to its listeners through `emit("request", req, res)`.
// instrumentation.ts wraps that emit at start-up (Next creates its server before instrumentation
// runs, but the method is looked up on the prototype for each request), and the wrapper runs the
// hooks added here in order. A hook may change the request (the peer-address stamp) or answer it
// itself and return true, and then Next never sees it (the coin list's fast path).
//
// Only a process that serves through Node's http server runs the hooks: `next start` and the
// standalone server do; jest calling route handlers directly and Vercel's functions do not.
import "server-only";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";

/** Returns true when it has answered the request itself: no later hook, and not Next, sees it. */
export type RequestHook = (req: IncomingMessage, res: ServerResponse) => boolean;

type Emit = (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
type State = {
  hooks: Map<string, RequestHook>;
  /** The servers' own emit methods, kept so that tests can undo the wrapping. */
  originals: Array<[typeof http.Server | typeof https.Server, Emit]>;
};

// On globalThis: instrumentation.ts and the route bundles are separate module graphs in one process.
const STATE_KEY = Symbol.for("pulsecompare.request-hooks");
const globalState = globalThis as unknown as { [STATE_KEY]?: State };

/** Runs `hook` on every request any http or https server of this process receives. Idempotent per name. */
export function addRequestHook(name: string, hook: RequestHook): void {
  globalState[STATE_KEY] ??= wrapServers();
  globalState[STATE_KEY].hooks.set(name, hook);
}

export function hasRequestHook(name: string): boolean {
  return globalState[STATE_KEY]?.hooks.has(name) ?? false;
}

function wrapServers(): State {
  const state: State = { hooks: new Map(), originals: [] };
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit as Emit;
    state.originals.push([Server, emit]);
    Server.prototype.emit = function emitWithHooks(this: unknown, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "request" && runHooks(state.hooks, args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
      return emit.call(this, event, ...args);
    } as typeof Server.prototype.emit;
  }
  return state;
}

function runHooks(hooks: Map<string, RequestHook>, req: IncomingMessage, res: ServerResponse): boolean {
  for (const [name, hook] of hooks) {
    try {
      if (hook(req, res)) return true;
    } catch (error) {
      // A hook's bug must not cost the request: Next still answers it.
      console.error(`[request-hooks] ${name} failed; the request goes on to Next`, error);
    }
  }
  return false;
}

/** Tests: removes one hook, or all of them and the wrapping with them. */
export function removeRequestHooksForTests(name?: string): void {
  const state = globalState[STATE_KEY];
  if (!state) return;
  if (name !== undefined) {
    state.hooks.delete(name);
    if (state.hooks.size > 0) return;
  }
  for (const [Server, emit] of state.originals) Server.prototype.emit = emit as typeof Server.prototype.emit;
  globalState[STATE_KEY] = undefined;
}
