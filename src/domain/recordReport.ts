import { z } from 'zod';
import { stagePeriods, type TStagePeriod } from './matchingStage';
import { ZStatusHistoryStep } from './statusHistoryStep';
import type { TSystemSettings } from './systemSettings';

/**
 * The printable report of one record (issue 24, `/reports/child/show/{id}` and
 * `/reports/parents/show/{id}`): what `GET /record-reports/{kind}/{id}` answers beside the record
 * and its status history (which their own routes give): the record's matchings, each with its
 * whole status history (its stages are read from it by `stagePeriods`) and its services after
 * adoption. One call where the lists would take one per matching, and have no filter by application.
 */
export const recordReportKinds = ['child', 'parent'] as const;
export type TRecordReportKind = (typeof recordReportKinds)[number];

const ZPersonName = z.object({ kh: z.string().nullable().optional(), en: z.string().nullable().optional() });

/** A status-history row, as `GET {apiBase}/status-history/{id}` lists it (oldest first here). */
export const ZRecordReportStep = ZStatusHistoryStep;

export const ZRecordReportService = z.object({
  id: z.number().int(),
  code: z.string(),
  serviceType: z.string(),
  plannedDate: z.string(),
  actualDate: z.string().nullable(),
  status: z.string(),
  concern: z.boolean(),
  /** `{ health, schooling, integration, notes }` once given; null before. */
  findings: z.record(z.string(), z.unknown()).nullable(),
});
export type TRecordReportService = z.infer<typeof ZRecordReportService>;

export const ZRecordReportMatching = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.string(),
  proposedDate: z.string(),
  trialStart: z.string().nullable(),
  trialEnd: z.string().nullable(),
  warrantNumber: z.string().nullable(),
  warrantedOn: z.string().nullable(),
  keepRequestedOn: z.string().nullable(),
  completedOn: z.string().nullable(),
  rejectedOn: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  child: z.object({ id: z.number().int(), code: z.string(), name: ZPersonName }),
  parent: z.object({ id: z.number().int(), code: z.string(), applicants: z.array(ZPersonName) }),
  history: z.array(ZRecordReportStep),
  services: z.array(ZRecordReportService),
});
export type TRecordReportMatching = z.infer<typeof ZRecordReportMatching>;

export const ZRecordReport = z.object({
  matchings: z.array(ZRecordReportMatching),
  /** False when the user may not read services after adoption: every `services` is then empty. */
  servicesShown: z.boolean(),
});
export type TRecordReport = z.infer<typeof ZRecordReport>;

/**
 * The stages of a matching of the report, from its status history as the matching's own page reads
 * them (`stagePeriods`): each with its entry and exit days and its days against the expected ones.
 */
export const reportStagePeriods = (
  matching: Pick<TRecordReportMatching, 'history'>,
  today: string,
  expectedDays: TSystemSettings['stageExpectedDays'],
): TStagePeriod[] =>
  stagePeriods(
    matching.history.map((step) => ({
      ...step,
      userId: step.user?.id ?? null,
      userName: step.user?.name ?? null,
    })),
    today,
    expectedDays,
  );
