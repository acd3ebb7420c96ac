import type { ComponentType } from 'react';
import type { TClientResource } from '@/components/resource/resourceArea';
import { DuplicatesPage } from './DuplicatesPage';

const made = new Map<string, { duplicates: ComponentType }>();

/** A resource's review of possible duplicates as a screen, made once so its route keeps the component. */
export const screensOf = (resource: TClientResource): { duplicates: ComponentType } => {
  const name = resource.definition.name;
  const existing = made.get(name);
  if (existing) return existing;
  const screens = { duplicates: () => <DuplicatesPage resource={resource} /> };
  made.set(name, screens);
  return screens;
};
