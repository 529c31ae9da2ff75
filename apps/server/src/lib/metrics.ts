/**
 * Prometheus metrics in the text exposition format, without a client library: request counts and
 * a latency histogram per route, plus gauges any module can register (queue depth, judge latency).
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, Series>();
  private readonly gauges: { name: string; help: string; read: () => number }[] = [];

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const reqKey = `method="${esc(method)}",route="${esc(route)}",status="${status}"`;
    this.requests.set(reqKey, (this.requests.get(reqKey) ?? 0) + 1);
    const latKey = `method="${esc(method)}",route="${esc(route)}"`;
    let s = this.latency.get(latKey);
    if (!s) {
      s = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
      this.latency.set(latKey, s);
    }
    s.count++;
    s.sum += seconds;
    BUCKETS.forEach((le, i) => {
      if (seconds <= le) s.buckets[i]++;
    });
  }

  gauge(name: string, help: string, read: () => number): void {
    this.gauges.push({ name, help, read });
  }

  render(): string {
    const out: string[] = [];
    out.push(
      '# HELP http_requests_total Number of HTTP requests answered.',
      '# TYPE http_requests_total counter',
    );
    for (const [labels, n] of this.requests) out.push(`http_requests_total{${labels}} ${n}`);
    out.push(
      '# HELP http_request_duration_seconds Time to answer HTTP requests.',
      '# TYPE http_request_duration_seconds histogram',
    );
    for (const [labels, s] of this.latency) {
      BUCKETS.forEach((le, i) =>
        out.push(`http_request_duration_seconds_bucket{${labels},le="${le}"} ${s.buckets[i]}`),
      );
      out.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
      out.push(`http_request_duration_seconds_sum{${labels}} ${s.sum}`);
      out.push(`http_request_duration_seconds_count{${labels}} ${s.count}`);
    }
    const mem = process.memoryUsage();
    out.push(
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      '# TYPE process_resident_memory_bytes gauge',
    );
    out.push(`process_resident_memory_bytes ${mem.rss}`);
    out.push('# HELP nodejs_heap_used_bytes V8 heap in use.', '# TYPE nodejs_heap_used_bytes gauge');
    out.push(`nodejs_heap_used_bytes ${mem.heapUsed}`);
    out.push(
      '# HELP process_uptime_seconds Seconds since the process started.',
      '# TYPE process_uptime_seconds gauge',
    );
    out.push(`process_uptime_seconds ${process.uptime()}`);
    for (const g of this.gauges) {
      out.push(`# HELP ${g.name} ${g.help}`, `# TYPE ${g.name} gauge`, `${g.name} ${g.read()}`);
    }
    return out.join('\n') + '\n';
  }
}
