import type { TResourceDefinition } from '@/domain/resource';

/** Where a resource's screens sit: the area's breadcrumb text key and its home (if any). */
export type TResourceArea = { key: 'configuration'; to?: string };

/** A described resource that has screens, and how its routes read. */
export type TClientResource = {
  definition: TResourceDefinition & { routeBase: string };
  area: TResourceArea;
  /** The spec makes the id of most edit pages optional (`edit/{id optional}`); head office needs it. */
  editIdOptional: boolean;
  /** Runs after a record was created, changed or deleted (e.g. reload the translations). */
  afterWrite?: () => void;
};
