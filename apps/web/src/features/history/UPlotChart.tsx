import 'uplot/dist/uPlot.min.css';
import type { HistoryPoint } from '@st/protocol';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useColorScheme } from '../../ui/kit/colorScheme';
import { useElementSize } from '../../ui/kit/hooks';
import { formatDateTime, formatNumber, formatTick } from './format';

export interface UPlotChartProps {
  points: readonly HistoryPoint[];
  from: number;
  to: number;
  /** draw the min/max band (rollups) */
  band: boolean;
  lang: string;
  label: string;
  minLabel: string;
  maxLabel: string;
  /** values shown on the axis and in the legend */
  scale?: (v: number) => number;
}

const HEIGHT = 180;

/** One series on a canvas (uPlot): the line, a min/max band on rollups, gaps left open, values on hover. */
export function UPlotChart({
  points,
  from,
  to,
  band,
  lang,
  label,
  minLabel,
  maxLabel,
  scale,
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
    const data: uPlot.AlignedData = [
      xs,
      points.map((p) => val(p.v)),
      points.map((p) => val(p.min)),
      points.map((p) => val(p.max)),
    ];
    const ink = dark ? '#c1c2c5' : '#495057';
    const grid = dark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.07)';
    const line = dark ? '#4dabf7' : '#1971c2';
    const fmt = (_u: uPlot, v: number | null) =>
      v === null || v === undefined ? '—' : formatNumber(lang, v);
    const opts: uPlot.Options = {
      width,
      height: HEIGHT,
      ms: 1,
      scales: { x: { time: true, min: from, max: to } },
      axes: [
        {
          stroke: ink,
          grid: { stroke: grid },
          ticks: { stroke: grid },
          values: (_u, splits) => splits.map((s) => formatTick(lang, s, to - from)),
        },
        {
          stroke: ink,
          grid: { stroke: grid },
          ticks: { stroke: grid },
          size: 60,
          values: (_u, splits) => splits.map((s) => formatNumber(lang, s)),
        },
      ],
      series: [
        { value: (_u, v) => (v === null ? '—' : formatDateTime(lang, v)) },
        {
          label,
          stroke: line,
          width: 1.5,
          spanGaps: false,
          value: fmt,
          points: { show: points.length < 120 },
        },
        { label: minLabel, stroke: band ? line : 'transparent', width: 0, show: band, value: fmt },
        { label: maxLabel, stroke: band ? line : 'transparent', width: 0, show: band, value: fmt },
      ],
      bands: band ? [{ series: [3, 2], fill: dark ? 'rgba(77,171,247,0.18)' : 'rgba(25,113,194,0.15)' }] : [],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
    };
    const chart = new uPlot(opts, data, el);
    return () => chart.destroy();
  }, [points, from, to, band, lang, label, minLabel, maxLabel, scale, width, dark]);

  return (
    <div ref={ref} style={{ width: '100%' }}>
      <div
        ref={host}
        data-testid="history-chart"
        data-points={points.length}
        data-gaps={points.filter((p) => p.v === null).length}
      />
    </div>
  );
}
