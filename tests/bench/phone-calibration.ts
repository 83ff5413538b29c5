// Issue 53's calibration, shared by `bench:phone` and `bench:phone-parts`: Lighthouse's CLI slows
// the CPU 4× whatever the host, which is meant for a host of benchmarkIndex 1,500; a faster host
// is slowed more, so every machine emulates the same phone: multiplier = 4 × index ÷ 1,500.
import { withFloor } from "./floor";
import { auditPage } from "./lighthouse";
import { median } from "./stats";

const CALIBRATION_RUNS = 3;
const REFERENCE = { multiplier: 4, benchmarkIndex: 1500 };

/** The calibrated multiplier (printed with the host's index and the formula), or PHONE_CPU_SLOWDOWN. */
export async function calibratedSlowdown(): Promise<number> {
  const fixed = process.env.PHONE_CPU_SLOWDOWN;
  if (fixed) {
    console.log(`CPU slowdown ${Number(fixed)}× (PHONE_CPU_SLOWDOWN; not calibrated)`);
    return Number(fixed);
  }
  const index = await withFloor(async (baseUrl) => {
    const indexes: number[] = [];
    for (let i = 0; i < CALIBRATION_RUNS; i++) indexes.push((await auditPage(baseUrl, "simulate", 1)).benchmarkIndex);
    return median(indexes);
  });
  const multiplier = (REFERENCE.multiplier * index) / REFERENCE.benchmarkIndex;
  console.log(`Host benchmarkIndex ${index.toFixed(0)} (median of ${CALIBRATION_RUNS} Lighthouse runs on the bare page)`);
  console.log(`CPU slowdown = ${REFERENCE.multiplier} × ${index.toFixed(0)} ÷ ${REFERENCE.benchmarkIndex} = ${multiplier.toFixed(2)}× (the same phone as ${REFERENCE.multiplier}× on a host of index ${REFERENCE.benchmarkIndex})`);
  return multiplier;
}
