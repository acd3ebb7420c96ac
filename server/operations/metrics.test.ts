import { describe, expect, it } from 'vitest';
import { createCounter, createHistogram, createJobMetrics, exposition, observed } from './metrics';

describe('the Prometheus text exposition', () => {
  it('writes HELP, TYPE and samples, escapes label values and help, leaves out empty families', () => {
    const counter = createCounter();
    counter.add({ route: '/a "quoted"\\path\nnext' });
    counter.add({ route: '/a "quoted"\\path\nnext' }, 2);
    const text = exposition([
      { name: 'x_total', help: 'Line one\nline two \\ done', type: 'counter', samples: counter.samples() },
      { name: 'empty', help: 'Nothing yet.', type: 'gauge', samples: [] },
      { name: 'g', help: 'A gauge.', type: 'gauge', samples: [{ value: Number.POSITIVE_INFINITY }] },
    ]);
    expect(text).toBe(
      [
        '# HELP x_total Line one\\nline two \\\\ done',
        '# TYPE x_total counter',
        'x_total{route="/a \\"quoted\\"\\\\path\\nnext"} 3',
        '# HELP g A gauge.',
        '# TYPE g gauge',
        'g +Inf',
        '',
      ].join('\n'),
    );
  });

  it('counts a histogram cumulatively per bound, with +Inf, _sum and _count per label set', () => {
    const histogram = createHistogram([0.1, 1]);
    for (const value of [0.05, 0.5, 0.5, 3]) histogram.observe({ route: '/r' }, value);
    histogram.observe({ route: '/s' }, 0.1);
    const lines = exposition([{ name: 'd', help: 'D.', type: 'histogram', samples: histogram.samples() }])
      .split('\n')
      .filter((line) => !line.startsWith('#') && line !== '');
    expect(lines).toEqual([
      'd_bucket{route="/r",le="0.1"} 1',
      'd_bucket{route="/r",le="1"} 3',
      'd_bucket{route="/r",le="+Inf"} 4',
      'd_sum{route="/r"} 4.05',
      'd_count{route="/r"} 4',
      'd_bucket{route="/s",le="0.1"} 1',
      'd_bucket{route="/s",le="1"} 1',
      'd_bucket{route="/s",le="+Inf"} 1',
      'd_sum{route="/s"} 0.1',
      'd_count{route="/s"} 1',
    ]);
  });
});

describe('job runs', () => {
  it('keeps the last run and the last success of each job, and counts runs by result', async () => {
    const jobs = createJobMetrics();
    let clock = 1_000_000;
    const now = () => clock;
    await observed(jobs.observer('refresh'), now, async () => {
      clock += 2_000;
    });
    await expect(
      observed(jobs.observer('refresh'), now, async () => {
        clock += 500;
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const text = exposition(jobs.families());
    expect(text).toContain('adoption_job_runs_total{job="refresh",result="ok"} 1');
    expect(text).toContain('adoption_job_runs_total{job="refresh",result="failed"} 1');
    expect(text).toContain('adoption_job_last_run_timestamp_seconds{job="refresh"} 1002');
    expect(text).toContain('adoption_job_last_run_duration_seconds{job="refresh"} 0.5');
    expect(text).toContain('adoption_job_last_run_success{job="refresh"} 0');
    expect(text).toContain('adoption_job_last_success_timestamp_seconds{job="refresh"} 1002');
  });
});
