import { z } from 'zod';
import { ZWorkQueue } from './workQueue';

/**
 * One figure of the dashboard (DESIGN.md section 6, issue 24): what it counts (`key`: a status,
 * a stage, `dueSoon`...), how many, and the client list that shows exactly those records with the
 * query parameters the list already reads; no `listPath` when no list can show exactly it.
 */
export const ZDashboardFigure = z.object({
  key: z.string(),
  value: z.number().int(),
  listPath: z.string().optional(),
});
export type TDashboardFigure = z.infer<typeof ZDashboardFigure>;

/** A matching stage's count, and how many of them are past the stage's expected days. */
export const ZDashboardStageFigure = ZDashboardFigure.extend({
  overdue: ZDashboardFigure,
  /** The stage's expected days (setting `stageExpectedDays`). */
  expectedDays: z.number().int(),
});

/** Whose records the dashboard counts (issue 35): the user's office (a provincial user's), or every office. */
export const ZDashboardScope = z.object({
  /** The office counted alone; null when every office's records are counted. */
  office: z.object({ id: z.number().int(), name: z.object({ kh: z.string(), en: z.string() }) }).nullable(),
});

/** One change of the audit log: which record (its area's name and id), what, when, by whom. */
export const ZDashboardChange = z.object({
  id: z.number().int(),
  entity: z.string(),
  entityId: z.number().int().nullable(),
  /** The record's code (null once it is deleted). */
  code: z.string().nullable(),
  action: z.string(),
  at: z.string(),
  userName: z.string().nullable(),
});

/**
 * `GET /dashboard`: the signed-in user's cards, each present only when their permissions allow it
 * (within their office scope): the work queue's count, children by status, matchings by stage with
 * the overdue ones, services due soon and overdue, applications by status with approvals expiring
 * (within 30 days) and expired, the last 10 changes of the records they may read.
 */
export const ZDashboard = z.object({
  data: z.object({
    /** When the figures were counted (ISO instant). */
    asOf: z.string(),
    scope: ZDashboardScope,
    workQueue: z
      .object({ total: ZWorkQueue.shape.total, totalExact: ZWorkQueue.shape.totalExact })
      .optional(),
    children: z.object({ byStatus: z.array(ZDashboardFigure) }).optional(),
    matchings: z
      .object({
        byStage: z.array(ZDashboardStageFigure),
        /**
         * The matchings that ended (completed, rejected), so the card counts every matching the
         * user may see (issue 35: a caseworker whose office's matchings had all ended saw zeros).
         */
        ended: z.array(ZDashboardFigure),
      })
      .optional(),
    services: z.object({ dueSoon: ZDashboardFigure, overdue: ZDashboardFigure }).optional(),
    applications: z
      .object({
        byStatus: z.array(ZDashboardFigure),
        approvalsExpiring: ZDashboardFigure,
        approvalsExpired: ZDashboardFigure,
      })
      .optional(),
    changes: z.array(ZDashboardChange).optional(),
  }),
});
export type TDashboard = z.infer<typeof ZDashboard>;
