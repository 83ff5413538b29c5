"use client";

// A history chart that costs the page nothing until it is wanted: the first load carries only
// this shell (the range buttons and a placeholder of the chart's exact size). When the chart's
// box enters the viewport, the panel's code is fetched (lightweight-charts and TanStack Query
// with it), and then the history.
import { useEffect, useRef, useState } from "react";
import { lazyModule, useLazyModule } from "@/components/shell/lazy-module";
import type { HistoryRange } from "@/lib/history/schemas";
import { cn } from "@/lib/shared/class-names";
import { ChartBox, ChartError, ChartSkeleton, ChartSummary } from "./chart-frame";
import type { ChartSource } from "./chart-source";

const panelCode = lazyModule(() => import("./history-chart-panel"));

/**
 * How far outside the viewport the chart starts loading. None: on a phone the coin page's chart
 * starts just below the first screen (about 860 px down at 360 to 412 px wide), and a page load
 * that fetches and draws it at once is what Lighthouse would measure; the chunk is small enough
 * to arrive within a moment of scrolling to it, behind the skeleton.
 */
const NEAR_PX = 0;

const RANGE_BUTTONS: readonly { range: HistoryRange; label: string; name: string }[] = [
  { range: "1d", label: "1D", name: "24 hours" },
  { range: "7d", label: "7D", name: "7 days" },
  { range: "30d", label: "30D", name: "30 days" },
  { range: "1y", label: "1Y", name: "1 year" },
  { range: "all", label: "All", name: "All time" },
];

/** True once `ref`'s element has come within NEAR_PX of the viewport (and from then on). */
function useNearViewport(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: `${NEAR_PX}px 0px`,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

export function LazyHistoryChart({ source, label, defaultRange = "1y" }: { source: ChartSource; label: string; defaultRange?: HistoryRange }) {
  const [range, setRange] = useState<HistoryRange>(defaultRange);
  const frame = useRef<HTMLElement>(null);
  const near = useNearViewport(frame);
  const code = useLazyModule(panelCode, near);
  return (
    <figure ref={frame} className="flex min-w-0 flex-col gap-3" aria-label={label} data-testid="history-chart">
      <div role="group" aria-label="Chart range" className="flex flex-wrap gap-1">
        {RANGE_BUTTONS.map((button) => (
          <button
            key={button.range}
            type="button"
            aria-pressed={range === button.range}
            title={button.name}
            onClick={() => setRange(button.range)}
            className={cn(
              "h-8 min-w-11 rounded-md border px-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              range === button.range ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent",
            )}
          >
            {button.label}
          </button>
        ))}
      </div>
      {code.module ? (
        <code.module.HistoryChartPanel source={source} range={range} />
      ) : (
        <>
          <ChartBox>{code.failed ? <ChartError onRetry={code.retry} /> : <ChartSkeleton />}</ChartBox>
          <ChartSummary />
        </>
      )}
    </figure>
  );
}
