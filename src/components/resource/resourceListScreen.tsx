import type { ComponentType } from 'react';
import { ResourceListPage } from './ResourceListPage';
import type { TClientResource } from './resourceArea';

const made = new Map<string, { list: ComponentType }>();

/**
 * A resource's list screen (`screensOf(resource).list`), made once so its route keeps the same component between visits. Apart
 * from the form screens (resourceFormScreens.tsx): a list does not download the forms' date picker
 * and form library (issue 11).
 */
export const screensOf = (resource: TClientResource): { list: ComponentType } => {
  const name = resource.definition.name;
  const existing = made.get(name);
  if (existing) return existing;
  const screens = { list: () => <ResourceListPage resource={resource} /> };
  made.set(name, screens);
  return screens;
};
