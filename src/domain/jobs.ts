import { z } from 'zod';

/** The background jobs whose runs are recorded (issue 36): each timer of the server. */
export const jobNames = ['backup_schedule', 'report_summaries_refresh'] as const;
export const ZJobName = z.enum(jobNames);
export type TJobName = z.infer<typeof ZJobName>;

/** A run of a background job as `GET /admin/jobs` lists it: once per cluster for its slot. */
export const ZJobRun = z.object({
  id: z.number().int(),
  job: ZJobName,
  /** What it ran for: the scheduled backup's day and hour, the refresh's interval (ISO instant). */
  slot: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  /** The process it ran in: `host:pid`. */
  process: z.string(),
  durationMs: z.number().int().optional(),
  /** `running` until it ends (or forever, when its process stopped during it). */
  result: z.enum(['running', 'ok', 'failed']),
  error: z.string().optional(),
});
export type TJobRun = z.infer<typeof ZJobRun>;
