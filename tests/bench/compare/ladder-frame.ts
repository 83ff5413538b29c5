// `npm run bench:ladder` (issue 43's budget row): does the pair page's ladder of targets render in
// one frame at 4x CPU slowdown? The ladder is server-rendered HTML with no script of its own, so
// what it costs a phone is style, layout and paint. Measured in Chromium on the production build
// (seed database) at 360 and 1440 px with CPU throttling at 4x: the ladder is taken out of the
// page (display: none), two frames pass, then it is put back at the start of a frame; read 15
// times after three unmeasured rounds: what its style and layout cost, and whether the next frame came
// one interval later or a frame was missed. Printed beside the same for the coin facts card below it
// (a reference of known cost), the two taken in turn. Asserts nothing.
import { launchBrowser, newContext, startApp } from "@/tests/browser/harness";
import { median } from "@/tests/bench/stats";

const RUNS = 15;
const WARM_UP_ROUNDS = 3;
const CPU_SLOWDOWN = 4;
const FRAME_MS = 1000 / 60;

/**
 * Puts `selector` back into the page at the start of a frame (in a requestAnimationFrame callback)
 * and answers [the style and layout it cost, read synchronously; the time from that frame's start
 * to the next one's]. The next frame starts one interval later (16.7 ms at 60 Hz) when the work,
 * paint included, fitted in the frame, and a whole interval later or more when it did not.
 */
const SHOW_AND_TIME = `async (selector) => {
  const element = document.querySelector(selector);
  if (!element) throw new Error("no " + selector);
  const frame = () => new Promise((resolve) => requestAnimationFrame((at) => resolve(at)));
  element.style.display = "none";
  await frame();
  await frame();
  let layoutMs = 0;
  const shownAt = await new Promise((resolve) => requestAnimationFrame((at) => {
    const start = performance.now();
    element.style.display = "";
    element.getBoundingClientRect();
    layoutMs = performance.now() - start;
    resolve(at);
  }));
  const nextAt = await frame();
  return [layoutMs, nextAt - shownAt];
}`;

const app = await startApp({ build: process.env.SKIP_BUILD !== "1" });
const browser = await launchBrowser();
try {
  console.log(`Ladder of targets on /compare/hex/btc, shown at a frame's start; CPU ${CPU_SLOWDOWN}x slower, ${RUNS} runs; one frame at 60 Hz = ${FRAME_MS.toFixed(1)} ms`);
  for (const width of [360, 1440]) {
    const context = await newContext(browser, app.baseUrl, { width, height: 900 });
    const page = await context.newPage();
    await page.goto("/compare/hex/btc");
    await page.getByTestId("target-ladder").waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const shown = [
      // The ladder's card: the region its title names.
      { name: "ladder", selector: '[aria-labelledby="target-ladder-title"]', layouts: [] as number[], frames: [] as number[] },
      { name: "coin facts card", selector: '[data-testid="coin-facts"]', layouts: [] as number[], frames: [] as number[] },
    ];
    const showAndTime = async (selector: string) => (await page.evaluate(`(${SHOW_AND_TIME})(${JSON.stringify(selector)})`)) as [number, number];
    // The first rounds pay for what the page had not done yet (styles never computed, a fresh
    // context's first collections): in runs of 30 rounds every frame missed was in the first two,
    // either element's (up to 233 ms). Three rounds are taken first and not counted.
    for (let i = 0; i < WARM_UP_ROUNDS; i++) for (const { selector } of shown) await showAndTime(selector);
    // Round by round, one of each: a busy moment of the machine falls on both alike.
    for (let i = 0; i < RUNS; i++) {
      for (const entry of shown) {
        const [layoutMs, frameMs] = await showAndTime(entry.selector);
        entry.layouts.push(layoutMs);
        entry.frames.push(frameMs);
      }
    }
    for (const { name, layouts, frames } of shown) {
      // A frame missed shows as a gap of two intervals or more; a little over one is the clock's jitter.
      const missed = frames.filter((ms) => ms > FRAME_MS * 1.5).length;
      console.log(
        `  ${String(width).padStart(4)} px  ${name.padEnd(16)} style+layout median ${median(layouts).toFixed(1)} ms (max ${Math.max(...layouts).toFixed(1)}); ` +
          `to the next frame median ${median(frames).toFixed(1)} ms; frames missed ${missed} of ${RUNS}`,
      );
    }
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
