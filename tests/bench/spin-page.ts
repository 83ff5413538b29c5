// bench:phone's page of known work (issue 53): one inline script whose loop runs a number of
// iterations set here, so that the same loop takes `spinMs` of CPU in this Node process (V8 too).
// Lighthouse should charge its main thread about spinMs × the slowdown for the script; what it
// charges beyond that in wall time (a) and not in CPU time (a') is the host preempting the page,
// measured in the same run as the pages.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import vm from "node:vm";
import { median } from "./stats";

/** The loop, as the page runs it and as it is timed here (a fresh compile each time, like a page's). */
const loopSource = (iterations: number) => `(function(){let x=0;for(let i=0;i<${iterations};i++)x=(x*31+i)|0;return x})()`;

function cpuMsOf(iterations: number): number {
  const source = loopSource(iterations);
  const start = process.cpuUsage();
  vm.runInNewContext(source);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Iterations that take `spinMs` of CPU here: doubled until a run takes 50 ms, then scaled (median of 5). */
function calibrate(spinMs: number): { iterations: number; cpuMs: number } {
  let probe = 1_000_000;
  while (cpuMsOf(probe) < 50) probe *= 2;
  const perIteration = median(Array.from({ length: 5 }, () => cpuMsOf(probe) / probe));
  const iterations = Math.round(spinMs / perIteration);
  return { iterations, cpuMs: median(Array.from({ length: 5 }, () => cpuMsOf(iterations))) };
}

export type SpinPage = { url: string; iterations: number; nodeCpuMs: number; close(): Promise<void> };

export async function startSpinPage(spinMs: number): Promise<SpinPage> {
  const { iterations, cpuMs } = calibrate(spinMs);
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="description" content="A page of known work"><title>Spin</title></head>` +
    `<body><h1>Spin</h1><p>One script of known work.</p><script>document.body.dataset.x=${loopSource(iterations)}</script></body></html>`;
  const server = createServer((request, response) => {
    if (request.url !== "/") {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    iterations,
    nodeCpuMs: cpuMs,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
