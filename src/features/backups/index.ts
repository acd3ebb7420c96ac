import { lazy } from 'react';
import { superUserOnlyPermission } from '@/domain/permissions';
import { browserReloadGuardDeps, importWithReloadGuard } from '@/platform/chunkReload';
import type { TFeature } from '../featureRoutes';

/**
 * Backups (issue 27): the settings screen's card and the home page's warning are drawn by those
 * pages (BackupsSection, BackupWarning); here, the failed scheduled backup on the administrators'
 * work queue.
 */
export const feature: TFeature = {
  name: 'backups',
  order: 95,
  workQueue: { readPermission: superUserOnlyPermission, kind: () => import('./backupWorkQueueKind') },
};

/**
 * The settings screen's backups card and the administrators' home line (other features reach a
 * feature only through its index.ts). Lazy: this file is in every page's first download; each
 * loads with the page that draws it, inside a Suspense there.
 */
export const BackupsSection = lazy(() =>
  importWithReloadGuard(
    () => import('./BackupsSection').then((module) => ({ default: module.BackupsSection })),
    browserReloadGuardDeps(),
  ),
);
export const BackupWarning = lazy(() =>
  importWithReloadGuard(
    () => import('./BackupWarning').then((module) => ({ default: module.BackupWarning })),
    browserReloadGuardDeps(),
  ),
);
