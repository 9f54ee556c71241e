import 'uplot/dist/uPlot.min.css';
import './chart.css';
import type { HistoryPoint } from '@st/protocol';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useColorScheme } from '../../ui/kit/colorScheme';
import { useElementSize } from '../../ui/kit/hooks';
import { timeTicks, withUnit } from './chartFormat';
import { formatDateTime, formatNumber } from './format';

export interface UPlotChartProps {
  points: readonly HistoryPoint[];
  from: number;
  to: number;
  /** draw the min/max band (rollups) */
  band: boolean;
  lang: string;
  label: string;
  /** the legend's name of the time (uPlot's own is English) */
  timeLabel: string;
  minLabel: string;
  maxLabel: string;
  /** values shown on the axis and in the legend */
  scale?: (v: number) => number;
  /** the unit of the (scaled) values, on the axis and in the legend */
  unit?: string | undefined;
}

const HEIGHT = 180;
/** room right of the plot, so the last time label is not cut */
const RIGHT_PAD = 28;

/** One series on a canvas (uPlot): the line, a min/max band on rollups, gaps left open, values on hover. */
export function UPlotChart({
  points,
  from,
  to,
  band,
  lang,
  label,
  timeLabel,
  minLabel,
  maxLabel,
  scale,
  unit,
}: UPlotChartProps) {
  const { ref, width } = useElementSize();
  const host = useRef<HTMLDivElement>(null);
  const dark = useColorScheme().computed === 'dark';

  useEffect(() => {
    const el = host.current;
    if (!el || width <= 0) return;
    const k = scale ?? ((v: number) => v);
    const xs = points.map((p) => p.t);
    const val = (v: number | null) => (v === null ? null : k(v));
    // no band: no min/max series at all (hidden ones would still sit in the legend)
    const data: uPlot.AlignedData = band
      ? [xs, points.map((p) => val(p.v)), points.map((p) => val(p.min)), points.map((p) => val(p.max))]
      : [xs, points.map((p) => val(p.v))];
    const ink = dark ? '#c1c2c5' : '#495057';
    const grid = dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.07)';
    const line = dark ? '#4dabf7' : '#1971c2';
    const fmt = (_u: uPlot, v: number | null) =>
      v === null || v === undefined ? '—' : withUnit(formatNumber(lang, v), unit);
    const opts: uPlot.Options = {
      width,
      height: HEIGHT,
      ms: 1,
      padding: [8, RIGHT_PAD, 0, 0],
      scales: { x: { time: true, min: from, max: to } },
      axes: [
        {
          stroke: ink,
          grid: { stroke: grid },
          ticks: { stroke: grid },
          // (the labels also go on the host as data-x-ticks / data-y-ticks: a canvas has no text to read)
          values: (_u, splits, _axis, _space, incr) => {
            const labels = timeTicks(lang, splits, incr);
            el.dataset.xTicks = labels.filter((l) => l !== null).join('|');
            return labels;
          },
        },
        {
          stroke: ink,
          grid: { stroke: grid },
          ticks: { stroke: grid },
          // as wide as its longest label (with the unit)
          size: (_u, values) => 14 + 7 * Math.max(3, ...(values ?? []).map((v) => v?.length ?? 0)),
          values: (_u, splits) => {
            const labels = splits.map((s) => withUnit(formatNumber(lang, s), unit));
            el.dataset.yTicks = labels.join('|');
            return labels;
          },
        },
      ],
      series: [
        { label: timeLabel, value: (_u, v) => (v === null ? '—' : formatDateTime(lang, v)) },
        {
          label,
          stroke: line,
          width: 1.5,
          spanGaps: false,
          value: fmt,
          points: { show: points.length < 120 },
        },
        ...(band
          ? [
              { label: minLabel, stroke: line, width: 0, value: fmt },
              { label: maxLabel, stroke: line, width: 0, value: fmt },
            ]
          : []),
      ],
      bands: band ? [{ series: [3, 2], fill: dark ? 'rgba(77,171,247,0.18)' : 'rgba(25,113,194,0.15)' }] : [],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
    };
    const chart = new uPlot(opts, data, el);
    return () => chart.destroy();
  }, [points, from, to, band, lang, label, timeLabel, minLabel, maxLabel, scale, unit, width, dark]);

  return (
    <div ref={ref} style={{ width: '100%' }} className="st-chart">
      <div
        ref={host}
        data-testid="history-chart"
        data-points={points.length}
        data-gaps={points.filter((p) => p.v === null).length}
        data-unit={unit}
      />
    </div>
  );
}
