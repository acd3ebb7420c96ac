import { areaWorkflowClient } from '@/components/workflow/areaWorkflow';
import { noActionNeeds } from '@/components/workflow/clientWorkflow';
import { parentArea } from '@/domain/areas/parent.area';
import { acceptanceShortfalls } from '@/domain/parentEligibility';
import { isoDateIn } from '@/domain/programmeTime';
import { parentWorkflow } from '@/domain/workflows/parent.workflow';

/** An application's workflow on screen: the generic actions, dialog and history, in its words. */
export const parentWorkflowClient = areaWorkflowClient(parentArea, parentWorkflow, {
  // Accepting an application that fails the eligibility its show page shows (the same function the
  // server asks) says which checks fail and asks for the justification; otherwise it is not asked.
  needs: (action, record, _values, settings, LL) => {
    if (action !== 'accept-parents-adoption') return noActionNeeds;
    const minimum = settings.minimumAdopterAge;
    const shortfalls = acceptanceShortfalls(record, minimum, isoDateIn(new Date()));
    if (shortfalls.length === 0) return { ...noActionNeeds, hidden: ['justification'] };
    const checks = shortfalls.map((check) =>
      check.kind === 'checklist'
        ? LL.areas.parent.show.checklistDone({ done: check.done, all: check.all })
        : check.kind === 'age'
          ? LL.areas.parent.show.applicantAge({ n: check.n, age: check.age ?? 0, min: minimum })
          : '',
    );
    return {
      note: LL.workflowNeeds.notEligible({ checks: checks.join('; ') }),
      required: ['justification'],
      hidden: [],
    };
  },
});
