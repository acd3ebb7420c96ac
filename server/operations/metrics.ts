/**
 * The Prometheus text exposition format (version 0.0.4), written here rather than with prom-client:
 * the server needs counters, gauges and histograms with labels, which is this file, and adding a
 * package was not possible when it was written (issue 36). Format:
 * https://prometheus.io/docs/instrumenting/exposition_formats/
 */

export const metricsContentType = 'text/plain; version=0.0.4; charset=utf-8';

export type TLabels = Readonly<Record<string, string>>;
export type TSample = {
  labels?: TLabels;
  value: number /** `_bucket`, `_sum`, `_count` of a histogram. */;
  suffix?: string;
};
export type TMetricFamily = {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  samples: TSample[];
};

const escapeLabelValue = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('"', '\\"');
const escapeHelp = (text: string) => text.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');

const labelsText = (labels: TLabels | undefined) => {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return '';
  return `{${entries.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(',')}}`;
};

const valueText = (value: number) => {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
};

/** The families as one text answer; a family without samples is left out (nothing to say yet). */
export const exposition = (families: readonly TMetricFamily[]): string => {
  const lines: string[] = [];
  for (const family of families) {
    if (family.samples.length === 0) continue;
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples)
      lines.push(
        `${family.name}${sample.suffix ?? ''}${labelsText(sample.labels)} ${valueText(sample.value)}`,
      );
  }
  return `${lines.join('\n')}\n`;
};

const keyOf = (labels: TLabels) => JSON.stringify(Object.entries(labels));

/** A counter by labels: only goes up. */
export const createCounter = () => {
  const series = new Map<string, { labels: TLabels; value: number }>();
  return {
    add: (labels: TLabels, amount = 1) => {
      const key = keyOf(labels);
      const entry = series.get(key) ?? { labels, value: 0 };
      entry.value += amount;
      series.set(key, entry);
    },
    samples: (): TSample[] => [...series.values()].map(({ labels, value }) => ({ labels, value })),
  };
};

/** A histogram by labels over fixed upper bounds (cumulative buckets, `+Inf` last, `_sum`, `_count`). */
export const createHistogram = (bounds: readonly number[]) => {
  const series = new Map<string, { labels: TLabels; counts: number[]; sum: number; count: number }>();
  return {
    observe: (labels: TLabels, value: number) => {
      const key = keyOf(labels);
      let entry = series.get(key);
      if (!entry) {
        entry = { labels, counts: bounds.map(() => 0), sum: 0, count: 0 };
        series.set(key, entry);
      }
      for (const [index, bound] of bounds.entries()) if (value <= bound) entry.counts[index] += 1;
      entry.sum += value;
      entry.count += 1;
    },
    samples: (): TSample[] =>
      [...series.values()].flatMap(({ labels, counts, sum, count }) => [
        ...bounds.map((bound, index) => ({
          suffix: '_bucket',
          labels: { ...labels, le: valueText(bound) },
          value: counts[index],
        })),
        { suffix: '_bucket', labels: { ...labels, le: '+Inf' }, value: count },
        { suffix: '_sum', labels, value: sum },
        { suffix: '_count', labels, value: count },
      ]),
  };
};

/** Seconds: from a fast read (5 ms) to a large export or a slow report (30 s). */
const durationBounds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The requests' metrics, labelled by method, route pattern (`/api/v1/children/:id`, never the URL
 * with its ids: one series per route, not per record) and status.
 */
export const createHttpMetrics = () => {
  const requests = createCounter();
  const durations = createHistogram(durationBounds);
  return {
    finished: (labels: { method: string; route: string; status: string }, seconds: number) => {
      requests.add(labels);
      durations.observe(labels, seconds);
    },
    families: (): TMetricFamily[] => [
      {
        name: 'http_requests_total',
        help: 'Requests answered, by method, route pattern and status.',
        type: 'counter',
        samples: requests.samples(),
      },
      {
        name: 'http_request_duration_seconds',
        help: 'Time from receiving a request to the end of its answer, by method, route pattern and status.',
        type: 'histogram',
        samples: durations.samples(),
      },
    ],
  };
};

export type TJobRun = { startedAt: number; durationMs: number; ok: boolean };
/** Told of each run of a background job (the scheduled backup, the report summaries' refresh). */
export type TJobObserver = (run: TJobRun) => void;

/** This process's runs of its background jobs: how many, and the last one's time, length and result. */
export const createJobMetrics = () => {
  const runs = createCounter();
  const last = new Map<string, TJobRun & { lastOkAt?: number }>();
  return {
    observer:
      (job: string): TJobObserver =>
      (run) => {
        runs.add({ job, result: run.ok ? 'ok' : 'failed' });
        const lastOkAt = run.ok ? run.startedAt + run.durationMs : last.get(job)?.lastOkAt;
        last.set(job, { ...run, lastOkAt });
      },
    families: (): TMetricFamily[] => {
      const each = (value: (run: TJobRun & { lastOkAt?: number }) => number | undefined): TSample[] =>
        [...last.entries()].flatMap(([job, run]) => {
          const sample = value(run);
          return sample === undefined ? [] : [{ labels: { job }, value: sample }];
        });
      return [
        {
          name: 'adoption_job_runs_total',
          help: 'Runs of a background job in this process, by job and result (ok, failed).',
          type: 'counter',
          samples: runs.samples(),
        },
        {
          name: 'adoption_job_last_run_timestamp_seconds',
          help: 'When the last run of a background job in this process started (Unix time).',
          type: 'gauge',
          samples: each((run) => run.startedAt / 1000),
        },
        {
          name: 'adoption_job_last_run_duration_seconds',
          help: 'How long the last run of a background job in this process took.',
          type: 'gauge',
          samples: each((run) => run.durationMs / 1000),
        },
        {
          name: 'adoption_job_last_run_success',
          help: 'Whether the last run of a background job in this process succeeded (1) or failed (0).',
          type: 'gauge',
          samples: each((run) => (run.ok ? 1 : 0)),
        },
        {
          name: 'adoption_job_last_success_timestamp_seconds',
          help: 'When the last successful run of a background job in this process ended (Unix time).',
          type: 'gauge',
          samples: each((run) => (run.lastOkAt === undefined ? undefined : run.lastOkAt / 1000)),
        },
      ];
    },
  };
};

/**
 * Times `run` and tells `observe` how it went; answers or throws what `run` does. The job's own
 * clock (`now`) so that a test's moved clock is the one recorded.
 */
export const observed = async <T>(
  observe: TJobObserver | undefined,
  now: () => number,
  run: () => Promise<T>,
): Promise<T> => {
  const startedAt = now();
  try {
    const result = await run();
    observe?.({ startedAt, durationMs: now() - startedAt, ok: true });
    return result;
  } catch (error) {
    observe?.({ startedAt, durationMs: now() - startedAt, ok: false });
    throw error;
  }
};
