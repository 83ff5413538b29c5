// Issue 53's calibration, shared by `bench:phone` and `bench:phone-parts`: Lighthouse's CLI slows
// the CPU 4× whatever the host, which is meant for a host of benchmarkIndex 1,500; a faster host
// is slowed more, so every machine emulates the same phone: multiplier = 4 × index ÷ 1,500.
import { withFloor } from "./floor";
import { auditPage, CALIBRATION, calibratedMultiplier, startCalibratedRun, type LighthouseResult, type Throttling } from "./lighthouse";
import { median } from "./stats";

const CALIBRATION_RUNS = 3;
const FORMULA = `CPU slowdown = ${CALIBRATION.multiplier} × host index ÷ ${CALIBRATION.benchmarkIndex} (the same phone as ${CALIBRATION.multiplier}× on a host of index ${CALIBRATION.benchmarkIndex})`;

/** The calibrated phone's loads: each page's figures are read once `finish` has printed the multiplier. */
export type PhoneRun = {
  load(url: string, runCount?: number): Promise<() => LighthouseResult>;
  /** Audits what is left to audit; prints and returns how the multiplier was set ("3.52×"). */
  finish(): Promise<string>;
};

/**
 * With simulated throttling, the host's index is the median over every load of the run, and
 * every load is audited with its multiplier at the end (lighthouse.ts, startCalibratedRun). With
 * devtools throttling, which slows the load itself and so needs the multiplier before it starts,
 * the index is the median of three runs on the bare page now. PHONE_CPU_SLOWDOWN fixes the
 * multiplier instead (to compare hosts by hand).
 */
export async function startPhoneRun(throttling: Throttling = "simulate", options: { inCpuTime?: boolean } = {}): Promise<PhoneRun> {
  const fixed = process.env.PHONE_CPU_SLOWDOWN;
  if (!fixed && throttling === "simulate") {
    console.log(`${FORMULA}; the index is the median over every load of this run, printed at the end`);
    const run = await startCalibratedRun(options);
    return {
      load: (url, runCount) => run.load(url, runCount),
      async finish() {
        const { benchmarkIndex, multiplier, loads } = await run.finish();
        const line = `${multiplier.toFixed(2)}× (= ${CALIBRATION.multiplier} × ${benchmarkIndex.toFixed(0)} ÷ ${CALIBRATION.benchmarkIndex}; index the median of ${loads} loads)`;
        console.log(`CPU slowdown ${line}`);
        return line;
      },
    };
  }
  const multiplier = fixed ? Number(fixed) : await calibrateNow();
  const line = fixed ? `${multiplier}× (PHONE_CPU_SLOWDOWN; not calibrated)` : `${multiplier.toFixed(2)}×`;
  console.log(`CPU slowdown ${line}`);
  return {
    async load(url, runCount) {
      const result = await auditPage(url, throttling, runCount, { config: "default", cpuSlowdown: multiplier });
      return () => result;
    },
    finish: async () => line,
  };
}

async function calibrateNow(): Promise<number> {
  const index = await withFloor(async (baseUrl) => {
    const indexes: number[] = [];
    for (let i = 0; i < CALIBRATION_RUNS; i++) indexes.push((await auditPage(baseUrl, "simulate", 1)).benchmarkIndex);
    return median(indexes);
  });
  console.log(`Host benchmarkIndex ${index.toFixed(0)} (median of ${CALIBRATION_RUNS} Lighthouse runs on the bare page); ${FORMULA}`);
  return calibratedMultiplier(index);
}
