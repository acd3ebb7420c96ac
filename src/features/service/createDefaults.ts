/** An adopted child as the create form's picker has it (`/service-after-adoption/adoptive-childs`). */
export type TAdoptedChildOption = { id: number; matchingId?: unknown };

const idIn = (params: URLSearchParams, key: string): number | null => {
  const value = params.get(key);
  return value && /^\d{1,10}$/.test(value) ? Number(value) : null;
};

/**
 * What a new service starts with: today as its planned day and, when it was started from a
 * child's page (`?childId=`) or a matching's (`?matchingId=`), that child chosen. A matching names
 * its child through the adopted children the form offers (each with its completed matching).
 */
export const serviceCreateDefaults = (
  search: string,
  today: string,
  adoptedChildren: readonly TAdoptedChildOption[] = [],
): Record<string, unknown> => {
  const params = new URLSearchParams(search);
  const childId = idIn(params, 'childId');
  if (childId !== null) return { plannedDate: today, childId };
  const matchingId = idIn(params, 'matchingId');
  const child =
    matchingId === null ? undefined : adoptedChildren.find((option) => option.matchingId === matchingId);
  return child ? { plannedDate: today, childId: child.id } : { plannedDate: today };
};

/** Whether the create page was opened for a matching: its child is then found among the adopted. */
export const needsAdoptedChildren = (search: string): boolean => {
  const params = new URLSearchParams(search);
  return idIn(params, 'childId') === null && idIn(params, 'matchingId') !== null;
};
