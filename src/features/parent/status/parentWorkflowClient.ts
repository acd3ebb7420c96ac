import { areaWorkflowClient } from '@/components/workflow/areaWorkflow';
import { noActionNeeds } from '@/components/workflow/clientWorkflow';
import { areaActionText } from '@/domain/areas/areaWords';
import { parentArea } from '@/domain/areas/parent.area';
import { acceptanceShortfalls } from '@/domain/parentEligibility';
import { isoDateIn } from '@/domain/programmeTime';
import { parentFourEyesStep, parentWorkflow } from '@/domain/workflows/parent.workflow';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TResourceRow } from '@/platform/api/resources';

/** The eligibility checks an acceptance would override, in words (the show page's eligibility card's). */
const shortfallWords = (record: TResourceRow, minimum: number, LL: TranslationFunctions) =>
  acceptanceShortfalls(record, minimum, isoDateIn(new Date()))
    .map((check) =>
      check.kind === 'checklist'
        ? LL.areas.parent.show.checklistDone({ done: check.done, all: check.all })
        : check.kind === 'age'
          ? LL.areas.parent.show.applicantAge({ n: check.n, age: check.age ?? 0, min: minimum })
          : '',
    )
    .join('; ');

/**
 * An application's workflow on screen: the generic actions, dialog and history, in its words.
 * Accepting an application that fails the eligibility its show page shows (the same function the
 * server asks) is locked, saying why, and its acceptance is requested instead (issue 35); the
 * request's decisions are locked for the one who asked (four-eyes, the server's same function).
 */
export const parentWorkflowClient = areaWorkflowClient(parentArea, parentWorkflow, {
  refusal: (action, record, user, settings, LL) => {
    const requestedBy =
      typeof record.acceptanceRequestedBy === 'number' ? record.acceptanceRequestedBy : null;
    const step = parentFourEyesStep(action, requestedBy, user?.id ?? null);
    if (step) return LL.workflow.fourEyesRefused({ step: areaActionText(LL, parentArea, step) });
    if (action !== 'accept-parents-adoption') return null;
    const checks = shortfallWords(record, settings.minimumAdopterAge, LL);
    return checks ? LL.workflowNeeds.acceptNeedsRequest({ checks }) : null;
  },
  // The request says which checks fail (or that none does: a second opinion) above the justification.
  needs: (action, record, _values, settings, LL) => {
    if (action !== 'request-acceptance') return noActionNeeds;
    const checks = shortfallWords(record, settings.minimumAdopterAge, LL);
    return {
      ...noActionNeeds,
      note: checks ? LL.workflowNeeds.notEligible({ checks }) : LL.workflowNeeds.requestNotNeeded(),
    };
  },
});
