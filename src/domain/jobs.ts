import { z } from 'zod';

/**
 * The background jobs whose runs are recorded (issue 36). `report_summaries_refresh` runs no more
 * (issue 37: the reports' counts are kept by the database's triggers); named so that its runs recorded
 * before still list.
 */
export const jobNames = ['backup_schedule', 'report_summaries_refresh'] as const;
export const ZJobName = z.enum(jobNames);
export type TJobName = z.infer<typeof ZJobName>;

/** A run of a background job as `GET /admin/jobs` lists it: once per cluster for its slot. */
export const ZJobRun = z.object({
  id: z.number().int(),
  job: ZJobName,
  /** What it ran for: the scheduled backup's day and hour (ISO instant), ` retry n` for its retries. */
  slot: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  /** The process it ran in: `host:pid`. */
  process: z.string(),
  durationMs: z.number().int().optional(),
  /** `running` until it ends; a run whose process stopped during it is `failed` (interrupted) when its job next runs. */
  result: z.enum(['running', 'ok', 'failed']),
  error: z.string().optional(),
});
export type TJobRun = z.infer<typeof ZJobRun>;
