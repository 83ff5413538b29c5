// Runs in a child process of a test (local-chain.ts starts it unless `inChildProcess: false`): one ganache
// server with the options it is sent, its port told back over IPC, closed on "stop". Measured in the
// browser runner: its process (node:test, Playwright, Prisma) runs ganache's EVM 4 to 5 times slower
// than a process of its own (a 500-call balance chunk: 11 to 13 s there, 3 s here), over the bag
// page's 10 s RPC timeout.
import ganache from "ganache";

process.once("message", async (options: Parameters<typeof ganache.server>[0]) => {
  const server = ganache.server(options);
  await server.listen(0, "127.0.0.1");
  process.send!({ port: (server.address() as { port: number }).port });
  process.once("message", async () => {
    await server.close();
    process.exit(0);
  });
});
// A test process that ends (or crashes) without stopping the chain closes the IPC channel: the
// chain goes with it instead of outliving the run.
process.once("disconnect", () => process.exit(0));
