import { describe, expect, it } from 'vitest';
import { needsAdoptedChildren, serviceCreateDefaults } from './createDefaults';

const today = '2026-05-04';
const adopted = [
  { id: 11, code: 'CH-11', name: 'Sok', matchingId: 5 },
  { id: 12, code: 'CH-12', name: 'Dara', matchingId: 6 },
];

describe("a new service's first values", () => {
  it('plans it for today, with nothing chosen, from the list', () => {
    expect(serviceCreateDefaults('', today)).toEqual({ plannedDate: today });
    expect(needsAdoptedChildren('')).toBe(false);
  });

  it("chooses the child it was started for (a child's page)", () => {
    expect(serviceCreateDefaults('?childId=12', today)).toEqual({ plannedDate: today, childId: 12 });
    expect(needsAdoptedChildren('?childId=12')).toBe(false);
  });

  it("chooses the child of the matching it was started for (a matching's page)", () => {
    expect(needsAdoptedChildren('?matchingId=6')).toBe(true);
    expect(serviceCreateDefaults('?matchingId=6', today, adopted)).toEqual({
      plannedDate: today,
      childId: 12,
    });
    // A matching not among the adopted children in scope chooses nobody: the user does.
    expect(serviceCreateDefaults('?matchingId=9', today, adopted)).toEqual({ plannedDate: today });
  });

  it('ignores an id that is no number', () => {
    expect(serviceCreateDefaults('?childId=abc', today)).toEqual({ plannedDate: today });
    expect(needsAdoptedChildren('?matchingId=1;2')).toBe(false);
  });
});
