"use client";

// The chart's data and states, loaded with lightweight-charts once the chart's box nears the
// viewport (lazy-history-chart.tsx): TanStack Query and the chart library stay off the page's
// first load. Every state fills the same fixed box, so nothing below it moves.
import { useMemo } from "react";
import { QueryProvider } from "@/components/shell/query-provider";
import { formatMarketCap } from "@/lib/shared/format";
import { describeRange, summarizeRange, type ValuePoint } from "@/lib/history/range-summary";
import { RANGE_SPECS } from "@/lib/history/ranges";
import { formatRatio, ratioSeries } from "@/lib/history/ratio-series";
import type { HistoryPoint, HistoryRange } from "@/lib/history/schemas";
import { ChartBox, ChartError, ChartMessage, ChartSampleNote, ChartSkeleton, ChartSummary } from "./chart-frame";
import type { ChartSource } from "./chart-source";
import { HistoryCanvas } from "./history-canvas";
import { useCoinHistory, usePairHistory } from "./history-queries";

/** `sample`: the points drawn include the seed's sample history (the API marks those points). */
type Loaded = { state: "loading" } | { state: "error"; retry: () => void } | { state: "ready"; points: ValuePoint[]; sample: boolean };

const includesSample = (...histories: (readonly HistoryPoint[])[]) => histories.some((points) => points.some((point) => point.sample));

const EMPTY_TEXT = { "market-cap": "No price history for this range yet.", ratio: "No history of both coins for this range yet." } as const;

export function HistoryChartPanel({ source, range }: { source: ChartSource; range: HistoryRange }) {
  return (
    <QueryProvider>
      {source.kind === "market-cap" ? <MarketCapPanel coinId={source.coin.id} range={range} /> : <RatioPanel source={source} range={range} />}
    </QueryProvider>
  );
}

// The points are memoised on the fetched data: the canvas redraws when they change, not on every render.

function MarketCapPanel({ coinId, range }: { coinId: string; range: HistoryRange }) {
  const query = useCoinHistory(coinId, range);
  const points = useMemo(() => query.data?.map((point) => ({ t: point.t, value: point.marketCap })), [query.data]);
  const loaded: Loaded = query.isError
    ? { state: "error", retry: () => void query.refetch() }
    : points
      ? { state: "ready", points, sample: includesSample(query.data ?? []) }
      : { state: "loading" };
  return <ChartBody loaded={loaded} range={range} format={formatMarketCap} kind="area" emptyText={EMPTY_TEXT["market-cap"]} />;
}

function RatioPanel({ source, range }: { source: Extract<ChartSource, { kind: "ratio" }>; range: HistoryRange }) {
  const [first, second] = usePairHistory(source.coin1.id, source.coin2.id, range);
  const stepMs = RANGE_SPECS[range].stepMs;
  const points = useMemo(() => (first.data && second.data ? ratioSeries(first.data, second.data, stepMs) : undefined), [first.data, second.data, stepMs]);
  const loaded: Loaded =
    first.isError || second.isError
      ? { state: "error", retry: () => void Promise.all([first.isError && first.refetch(), second.isError && second.refetch()]) }
      : points
        ? { state: "ready", points, sample: includesSample(first.data ?? [], second.data ?? []) }
        : { state: "loading" };
  return <ChartBody loaded={loaded} range={range} format={formatRatio} kind="line" emptyText={EMPTY_TEXT.ratio} />;
}

function ChartBody({
  loaded,
  range,
  format,
  kind,
  emptyText,
}: {
  loaded: Loaded;
  range: HistoryRange;
  format: (value: number) => string;
  kind: "area" | "line";
  emptyText: string;
}) {
  const summary = loaded.state === "ready" ? summarizeRange(loaded.points) : null;
  return (
    <>
      <ChartBox>
        {loaded.state === "loading" ? <ChartSkeleton /> : null}
        {loaded.state === "error" ? <ChartError onRetry={loaded.retry} /> : null}
        {loaded.state === "ready" && !summary ? <ChartMessage>{emptyText}</ChartMessage> : null}
        {loaded.state === "ready" && summary ? (
          <HistoryCanvas points={loaded.points} format={format} intraday={range === "1d" || range === "7d"} kind={kind} />
        ) : null}
        {loaded.state === "ready" && summary && loaded.sample ? <ChartSampleNote /> : null}
      </ChartBox>
      <ChartSummary>{summary ? describeRange(summary, RANGE_SPECS[range].label, format) : null}</ChartSummary>
    </>
  );
}
