import type { ComponentType } from 'react';
import { ResourceFormPage } from './ResourceFormPage';
import type { TClientResource } from './resourceArea';

const made = new Map<string, { create: ComponentType; edit: ComponentType }>();

/**
 * A resource's create and edit screens, made once (from the resource with its form extras loaded,
 * resourceArea.ts `formExtras`) so their routes keep the same components between visits.
 */
export const screensOf = (resource: TClientResource): { create: ComponentType; edit: ComponentType } => {
  const name = resource.definition.name;
  const existing = made.get(name);
  if (existing) return existing;
  const screens = {
    create: () => <ResourceFormPage resource={resource} mode="create" />,
    edit: () => <ResourceFormPage resource={resource} mode="edit" />,
  };
  made.set(name, screens);
  return screens;
};
