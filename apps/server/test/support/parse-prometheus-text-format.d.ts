declare module 'parse-prometheus-text-format' {
  /** Prometheus' text format as an array of metric families (the package ships no types). */
  export default function parsePrometheusTextFormat(text: string): unknown[];
}
