import { childWorkflow } from './child.workflow';
import { matchingWorkflow } from './matching.workflow';
import { parentWorkflow } from './parent.workflow';
import { serviceWorkflow } from './service.workflow';
import type { TWorkflowDefinition } from './workflow';

/**
 * Every area's workflow, named by its area (`workflow.name` is the area's name), in the areas'
 * order: the audit screen's actions and their words read it (src/domain/auditWords.ts), and a unit
 * test holds it equal to the server modules' workflow bindings. Apart from the list of areas because
 * an area's description is light (no zod, no machine: every page downloads it first) and a
 * workflow is neither: an area with a workflow adds its line here.
 */
export const workflows: readonly TWorkflowDefinition[] = [
  childWorkflow,
  parentWorkflow,
  matchingWorkflow,
  serviceWorkflow,
];

/** Workflows added at run time (a test's throwaway area's): the engines that list every workflow read `allWorkflows()`. */
const registered: TWorkflowDefinition[] = [];

/** Adds a workflow to the ones the engines list (once by name); returns it. */
export const registerWorkflow = <const W extends TWorkflowDefinition>(workflow: W): W => {
  if (!allWorkflows().some((known) => known.name === workflow.name)) registered.push(workflow);
  return workflow;
};

/** Every workflow: the list's, then those registered. */
export const allWorkflows = (): readonly TWorkflowDefinition[] => [...workflows, ...registered];
