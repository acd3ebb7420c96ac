import type { ComponentType } from 'react';
import { ResourceFormPage } from './ResourceFormPage';
import { ResourceListPage } from './ResourceListPage';
import type { TClientResource } from './resourceArea';

export type TResourceScreens = { list: ComponentType; create: ComponentType; edit: ComponentType };

const made = new Map<string, TResourceScreens>();

/** The three screens of a resource, made once so a route keeps the same component between visits. */
export const resourceScreens = (resource: TClientResource): TResourceScreens => {
  const existing = made.get(resource.definition.name);
  if (existing) return existing;
  const screens: TResourceScreens = {
    list: () => <ResourceListPage resource={resource} />,
    create: () => <ResourceFormPage resource={resource} mode="create" />,
    edit: () => <ResourceFormPage resource={resource} mode="edit" />,
  };
  made.set(resource.definition.name, screens);
  return screens;
};
