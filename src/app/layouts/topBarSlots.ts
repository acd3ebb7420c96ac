import { lazy } from 'react';
import { browserReloadGuardDeps, importWithReloadGuard } from '@/platform/chunkReload';

/**
 * What features put in the top bar, handed to it by the app (components import no feature): the
 * work queue's bell, loaded once signed in (the sign-in page does not carry it, issue 11), and the
 * profile form, loaded when first opened (every signed-in page carried its form library, issue 11).
 */
export const WorkQueueBell = lazy(() =>
  importWithReloadGuard(() => import('@/features/home/workQueue/WorkQueueBell'), browserReloadGuardDeps()),
);

export const ProfileDialog = lazy(() =>
  importWithReloadGuard(
    () =>
      import('@/features/security/profile/ProfileDialog').then((module) => ({
        default: module.ProfileDialog,
      })),
    browserReloadGuardDeps(),
  ),
);
