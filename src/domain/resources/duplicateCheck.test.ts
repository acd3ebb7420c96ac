import { describe, expect, it } from 'vitest';
import { childMergeFields, parentMergeFields } from '../duplicates';
import type { TResourceDefinition } from '../resource';
import { childResource } from './child';
import { parentResource } from './parent';

/** The descriptions' `duplicateCheck` (issue 35) names only what their forms and the merge body have. */
describe.each([
  ['child', childResource as TResourceDefinition, childMergeFields],
  ['parent', parentResource as TResourceDefinition, parentMergeFields],
] as const)('the %s description’s duplicate check', (_name, definition, mergeFields) => {
  const check = definition.duplicateCheck;
  const keys = new Set(definition.fields.map((field) => field.key));

  it('sends and compares fields of its form, and lists the matches in one of its sections', () => {
    expect(check).toBeDefined();
    expect([...(check?.fields ?? []), ...(check?.askWhen ?? [])].filter((key) => !keys.has(key))).toEqual([]);
    expect(check?.askWhen.every((key) => check.fields.includes(key))).toBe(true);
    expect(definition.formSections).toContain(check?.section);
  });

  it('offers every part the merge chooses between, each made of its form’s fields', () => {
    const parts = check?.mergeParts ?? {};
    expect(Object.keys(parts).sort()).toEqual([...mergeFields].sort());
    expect(
      Object.values(parts)
        .flat()
        .filter((key) => !keys.has(key)),
    ).toEqual([]);
  });
});
