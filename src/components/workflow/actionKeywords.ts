import type { TWorkflowDoes } from '@/domain/workflows/workflow';
import { bothLanguages } from '@/i18n/bothLanguages';

/**
 * The words a workflow action is found by in the palette besides its name: what it does
 * (`workflow.does.<kind>`, comma-separated), in Khmer and English whatever the interface language,
 * so 'Approve' or 'អនុម័ត' finds 'Confirm adoption' (issue 38).
 */
export const workflowActionKeywords = (does: TWorkflowDoes): string[] => {
  const words = bothLanguages((book) => book.workflow.does[does]());
  return [words.kh, words.en].flatMap((list) =>
    list
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean),
  );
};
