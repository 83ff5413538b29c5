"use client";

// The drawn chart: TradingView's lightweight-charts on a canvas that fills its box and follows
// the box's size (autoSize: a ResizeObserver inside the library), so it fits a 360 px phone.
// Loaded only with the chart panel (lazy-history-chart.tsx), never with the page.
import { AreaSeries, ColorType, createChart, LineSeries, type UTCTimestamp } from "lightweight-charts";
import { useEffect, useRef } from "react";
import type { ValuePoint } from "@/lib/history/range-summary";
import { CHART_COLORS } from "./chart-theme";

type Props = {
  points: readonly ValuePoint[];
  format: (value: number) => string;
  /** Show hours on the time axis (the 1D and 7D ranges). */
  intraday: boolean;
  kind: "area" | "line";
};

/** Whole seconds, ascending, one point each (the library refuses repeated or unordered times). */
function toSeriesData(points: readonly ValuePoint[]) {
  const data: { time: UTCTimestamp; value: number }[] = [];
  for (const point of points) {
    const time = Math.floor(point.t / 1000) as UTCTimestamp;
    const last = data[data.length - 1];
    if (last && time <= last.time) last.value = point.value;
    else data.push({ time, value: point.value });
  }
  return data;
}

/** A price step fine enough for the smallest value shown (a ratio may be 1e-9). */
function minMoveFor(points: readonly ValuePoint[]): number {
  const smallest = Math.min(...points.map((point) => point.value).filter((value) => value > 0));
  if (!Number.isFinite(smallest)) return 0.01;
  return Math.min(0.01, 10 ** (Math.floor(Math.log10(smallest)) - 4));
}

export function HistoryCanvas({ points, format, intraday, kind }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const chart = createChart(box.current!, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: "transparent" },
        textColor: CHART_COLORS.text,
        fontFamily: "ui-sans-serif, system-ui, sans-serif",
        // Kept on: it is the licence's attribution (NOTICE) and links to TradingView.
        attributionLogo: true,
      },
      grid: { vertLines: { color: CHART_COLORS.grid }, horzLines: { color: CHART_COLORS.grid } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, timeVisible: intraday, secondsVisible: false },
      localization: { priceFormatter: format },
      // A page scrolls past the chart on a phone: dragging or pinching it must not trap the swipe.
      handleScroll: false,
      handleScale: false,
    });
    const priceFormat = { type: "custom" as const, formatter: format, minMove: minMoveFor(points) };
    const series =
      kind === "area"
        ? chart.addSeries(AreaSeries, { lineColor: CHART_COLORS.line, topColor: CHART_COLORS.areaTop, bottomColor: CHART_COLORS.areaBottom, lineWidth: 2, priceFormat })
        : chart.addSeries(LineSeries, { color: CHART_COLORS.line, lineWidth: 2, priceFormat });
    series.setData(toSeriesData(points));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, format, intraday, kind]);
  return <div ref={box} className="absolute inset-0" data-testid="chart-canvas" />;
}
