// Keystroke latency of the coin search, from Chromium's Event Timing API: for each key typed
// into the first coin selector's search box, the longest event (keydown, keypress, input, keyup)
// it caused, from the key press until the next frame was painted. Chromium reports no event
// shorter than 16 ms (durationThreshold's floor), so a keystroke without entries was faster.
import type { Page } from "playwright-core";
import { launchBrowser, newContext } from "@/tests/browser/harness";
import { median, sleep } from "./stats";

const PAUSE_MS = 300;
export const EVENT_TIMING_FLOOR_MS = 16;
const KEY_EVENTS = ["keydown", "keypress", "input", "keyup"];

type EventEntry = { name: string; startTime: number; duration: number };
type BenchWindow = { __benchEvents: EventEntry[] };

export type KeystrokeResult = {
  query: string;
  /** Per keystroke: its longest event in ms, or null when under the 16 ms floor. */
  keystrokes: (number | null)[];
  medianMs: number | null;
  maxMs: number | null;
};

export const describeMs = (ms: number | null) => (ms === null ? `< ${EVENT_TIMING_FLOOR_MS} ms` : `${ms.toFixed(0)} ms`);

/** Opens the selector, retrying the click until hydration has wired it up. */
async function openFirstSelector(page: Page): Promise<void> {
  const trigger = page.getByRole("button", { name: /^First coin/ });
  const searchBox = page.getByRole("combobox", { name: "First coin" });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
    try {
      await searchBox.waitFor({ timeout: 1000 });
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`bench: the first coin selector did not open: ${error}`);
    }
  }
  // The coin list may load when the selector first opens; type only once there is one.
  await page.getByRole("option").first().waitFor({ timeout: 30_000 });
  await sleep(500);
}

export async function measureKeystrokes(baseUrl: string, query: string): Promise<KeystrokeResult> {
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto("/", { waitUntil: "load" });
    await openFirstSelector(page);
    await page.evaluate((threshold) => {
      const target = window as unknown as BenchWindow;
      target.__benchEvents = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          target.__benchEvents.push({ name: entry.name, startTime: entry.startTime, duration: entry.duration });
        }
      }).observe({ type: "event", durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
    }, EVENT_TIMING_FLOOR_MS);

    const searchBox = page.getByRole("combobox", { name: "First coin" });
    const starts: number[] = [];
    for (const key of query) {
      starts.push(await page.evaluate(() => performance.now()));
      await searchBox.press(key === " " ? "Space" : key);
      await sleep(PAUSE_MS);
    }
    await sleep(1000); // entries are delivered after the frame that ends them is presented
    if ((await searchBox.inputValue()) !== query) throw new Error(`bench: the search box holds "${await searchBox.inputValue()}", not "${query}"`);
    const entries = await page.evaluate(() => (window as unknown as BenchWindow).__benchEvents);

    const keystrokes = starts.map((start, i) => {
      const end = starts[i + 1] ?? Number.POSITIVE_INFINITY;
      const own = entries.filter((e) => KEY_EVENTS.includes(e.name) && e.startTime >= start && e.startTime < end);
      return own.length ? Math.max(...own.map((e) => e.duration)) : null;
    });
    // A keystroke under the floor counts as 0 for ordering; reported as "< 16 ms".
    const asNumbers = keystrokes.map((ms) => ms ?? 0);
    const med = median(asNumbers);
    const max = Math.max(...asNumbers);
    return { query, keystrokes, medianMs: med < EVENT_TIMING_FLOOR_MS ? null : med, maxMs: max < EVENT_TIMING_FLOOR_MS ? null : max };
  } finally {
    await browser.close();
  }
}
