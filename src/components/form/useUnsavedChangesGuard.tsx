import { type ReactNode, type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { useI18nContext } from '@/i18n/i18n-react';

/**
 * Leaving a page with unsaved changes asks first: navigation inside the app opens a dialog, closing
 * or reloading the tab gets the browser's own question. `leavingRef` set to true lets a navigation
 * the page starts itself (after saving) through before the form has re-rendered as clean.
 *
 * A router holds one blocker at a time, so a page with several forms calls this once with the
 * forms' dirty flags combined. Render the returned element anywhere in the page.
 */
export const useUnsavedChangesGuard = (dirty: boolean, leavingRef?: RefObject<boolean>): ReactNode => {
  const { LL } = useI18nContext();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leavingRef?.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={LL.form.leaveTitle()}
      body={LL.form.leaveBody()}
      confirmLabel={LL.form.leave()}
      cancelLabel={LL.form.stay()}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
};
