// Types for parse-prometheus-text-format 1.1 (it ships none): prom2json-compatible output.
declare module 'parse-prometheus-text-format' {
  interface ParsedSample {
    labels?: Record<string, string>;
    value?: string;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  interface ParsedFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: ParsedSample[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
