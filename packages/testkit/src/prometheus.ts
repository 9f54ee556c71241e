/// <reference path="./parse-prometheus-text-format.d.ts" />
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

// Reads a /metrics answer with a Prometheus text-format parser (not our own regexes), for tests and benches.
// parse-prometheus-text-format 1.1 folds a histogram into one unlabeled sample (prom2json's shape for a histogram
// without labels), losing per-label counts. So the text is parsed twice: as it is (syntax and family types), and
// with histogram TYPE lines left out, which keeps each `_bucket`/`_sum`/`_count` series with its labels.

export interface MetricSample {
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export class Metrics {
  /** family name -> TYPE (COUNTER, GAUGE, HISTOGRAM, ...) */
  readonly types: ReadonlyMap<string, string>;
  /** series name (histograms: name_bucket, name_sum, name_count) -> samples */
  readonly series: ReadonlyMap<string, readonly MetricSample[]>;

  constructor(text: string) {
    this.types = new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f.type]));
    const flat = text
      .split('\n')
      .filter((line) => !/^# TYPE \S+ histogram$/.test(line))
      .join('\n');
    const series = new Map<string, MetricSample[]>();
    for (const f of parsePrometheusTextFormat(flat)) {
      const list = series.get(f.name) ?? [];
      for (const m of f.metrics) list.push({ labels: m.labels ?? {}, value: Number(m.value) });
      series.set(f.name, list);
    }
    this.series = series;
  }

  /** The sum of the samples of `name` whose labels include `labels`; 0 when there are none. */
  value(name: string, labels: Record<string, string> = {}): number {
    let total = 0;
    for (const s of this.series.get(name) ?? []) {
      if (Object.entries(labels).every(([k, v]) => s.labels[k] === v)) total += s.value;
    }
    return total;
  }

  has(name: string): boolean {
    return this.types.has(name) || this.series.has(name);
  }
}

export function parseMetrics(text: string): Metrics {
  return new Metrics(text);
}
