// A free TCP port on 127.0.0.1 for a server a test starts (next start, redis-server).
// TEST_PORT_RANGE=3810-3819 keeps them inside a range (a machine shared with other people's
// servers); without it the system picks any free port.
import { createServer } from "node:net";

function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : null));
    });
  });
}

/** Ports already handed out by this process: a server may not be listening on one yet. */
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  const range = process.env.TEST_PORT_RANGE;
  if (!range) {
    const port = await tryPort(0);
    if (port === null) throw new Error("no free port");
    return port;
  }
  const match = /^(\d+)-(\d+)$/.exec(range.trim());
  if (!match) throw new Error(`TEST_PORT_RANGE=${range} is not of the form 3810-3819`);
  for (let port = Number(match[1]); port <= Number(match[2]); port++) {
    if (handedOut.has(port)) continue;
    if ((await tryPort(port)) !== null) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port in TEST_PORT_RANGE=${range}`);
}
