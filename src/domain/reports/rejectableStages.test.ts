import { describe, expect, it } from 'vitest';
import { rejectableStages } from './rejectableStages';
import { childReportCatalogue } from './reportCatalogue';

describe('rejectable stages', () => {
  it('are the stages the matching machine can reject from: not keeping, whose request is only approved', () => {
    expect(rejectableStages).toContain('proposal');
    expect(rejectableStages).not.toContain('keeping');
    const rejectionKeys = childReportCatalogue.filter((entry) => entry.key.startsWith('rejections.'));
    expect(rejectionKeys.map((entry) => entry.key)).toEqual(
      rejectableStages.map((stage) => `rejections.${stage}`),
    );
  });
});
