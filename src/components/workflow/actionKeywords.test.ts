import { describe, expect, it } from 'vitest';
import { buildPaletteSections } from '@/components/palette/paletteSections';
import { matchingWorkflowActions } from '@/domain/workflows/matching.workflow';
import { workflowDoes } from '@/domain/workflows/workflow';
import { workflowActionKeywords } from './actionKeywords';

describe('workflowActionKeywords', () => {
  it('gives every kind of action words in both languages', () => {
    for (const does of workflowDoes) {
      const words = workflowActionKeywords(does);
      expect(
        words.some((word) => /\p{Script=Khmer}/u.test(word)),
        does,
      ).toBe(true);
      expect(
        words.some((word) => /^[a-z ]+$/.test(word)),
        does,
      ).toBe(true);
    }
  });

  it("finds a matching's decision by what it does, in Khmer and English, this record's first", () => {
    const confirm = matchingWorkflowActions['confirm-adoption'];
    const keywords = ['បញ្ជាក់ការសុំកុមារធម៌', 'Confirm adoption', ...workflowActionKeywords(confirm.does)];
    const commands = [
      // The work queue names another record whose waiting action is an approval.
      {
        id: 'work-queue-parent-31',
        kind: 'page' as const,
        title: 'DEMO-PA-000031 · Touch Piseth — Approve acceptance',
        path: '/adoptive-parent/show/31',
        perform: () => undefined,
      },
      {
        id: 'matching-status-confirm-adoption',
        title: 'Confirm adoption',
        keywords,
        record: true,
        perform: () => undefined,
      },
    ];
    for (const query of ['Approve', 'approve', 'decide', 'អនុម័ត']) {
      const sections = buildPaletteSections({
        query,
        locale: 'en',
        recent: [],
        commands,
        menu: [],
        records: [],
      });
      expect(sections[0]?.key, query).toBe('record');
      expect(sections[0]?.items[0]?.title, query).toBe('Confirm adoption');
    }
    // A rejection is not found by an approval's own words ('អនុម័ត' inside 'មិនអនុម័ត' was).
    const approving = workflowActionKeywords('approve');
    const rejecting = workflowActionKeywords('reject');
    for (const word of approving.filter((word) => !rejecting.includes(word)))
      expect(
        rejecting.filter((other) => other.includes(word)),
        word,
      ).toEqual([]);
  });
});
