import { describe, expect, it } from 'vitest';
import { serverModules } from './index';

describe('the modules’ work-queue sources', () => {
  it('are a failed scheduled backup, the matchings’ decisions, the acceptances to approve, the matchings’ overdue stages and next steps, the approvals ending, the services', () => {
    const sources = serverModules.flatMap((module) => module.workQueue ?? []);
    expect([...sources].sort((a, b) => a.order - b.order).map((source) => source.kind)).toEqual([
      'backupFailed',
      'matchingDecisions',
      'acceptanceRequests',
      'matchingsOverdue',
      'matchingNextSteps',
      'approvalsEnding',
      'services',
    ]);
  });
});
