import { describe, expect, it } from 'vitest';
import { changedFields } from './timeline';

describe('a timeline’s changes', () => {
  it('tell nothing of a form that sent an empty text where there was none, but a number cleared', () => {
    expect(changedFields({ notes: null, ownChildren: 0 }, { notes: '', ownChildren: 0 })).toEqual([]);
    expect(changedFields({ ownChildren: 0 }, { ownChildren: null })).toEqual([
      { field: 'ownChildren', from: 0, to: null },
    ]);
    expect(changedFields({ notes: 'Seen' }, { notes: '' })).toEqual([
      { field: 'notes', from: 'Seen', to: null },
    ]);
  });
});
