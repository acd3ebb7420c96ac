/** One of the two records of a pair in the merge dialog. */
export type TMergeSide = 'a' | 'b';

const other = (side: TMergeSide): TMergeSide => (side === 'a' ? 'b' : 'a');

/**
 * What the merge dialog proposes for each field where the records differ: the kept record's value,
 * unless it has none and the other has one (a merge should not lose what only the other knew).
 * `a` and `b` are the values in words ('' when nothing is recorded).
 */
export const mergeDefaults = (
  rows: readonly { key: string; a: string; b: string }[],
  keep: TMergeSide,
): Record<string, TMergeSide> =>
  Object.fromEntries(
    rows.map((row) => [row.key, row[keep] === '' && row[other(keep)] !== '' ? other(keep) : keep]),
  );

/** The merge's `fields`: 'keep' where the kept record's value stays, 'merge' where the other's is taken. */
export const mergeChoicesBody = (
  keys: readonly string[],
  chosen: (key: string) => TMergeSide,
  keep: TMergeSide,
): Record<string, 'keep' | 'merge'> =>
  Object.fromEntries(keys.map((key) => [key, chosen(key) === keep ? 'keep' : 'merge']));
