import { areaWorkflowClient } from '@/components/workflow/areaWorkflow';
import { serviceArea } from '@/domain/areas/service.area';
import { serviceWorkflow } from '@/domain/workflows/service.workflow';

/**
 * A service's workflow on screen: record it (the day and the findings: health, schooling and
 * integration, each chosen, with notes), not given (the day and why), back to pending (why); the
 * generic buttons, dialog, palette commands and history, in the service's words (the findings'
 * labels are the record's own fields': the timeline and the export name them so too).
 */
export const serviceWorkflowClient = areaWorkflowClient(serviceArea, serviceWorkflow);
