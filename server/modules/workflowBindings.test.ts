import { describe, expect, it } from 'vitest';
import { areaByName } from '../../src/domain/areas';
import { workflows } from '../../src/domain/workflows';
import { workflowBindings } from './workflowBindings';

describe('the workflows', () => {
  it('the server serves are the ones the audit screen words (src/domain/workflows/index.ts), each of an area', () => {
    expect(workflowBindings.map((binding) => binding.workflow)).toEqual(workflows);
    for (const workflow of workflows) expect(areaByName(workflow.name), workflow.name).toBeDefined();
  });
});
