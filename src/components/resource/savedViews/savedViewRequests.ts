import { useCallback, useState } from 'react';
import { showToast } from '@/components/feedback/toasts';
import { failureMessage } from '@/components/form/saveFailure';
import type { TSavedView } from '@/domain/savedViews';
import { useI18nContext } from '@/i18n/i18n-react';
import { ApiValidationError } from '@/platform/api/errors';
import {
  createSavedView,
  deleteSavedView,
  patchSavedView,
  saveListPreference,
} from '@/platform/api/savedViews';
import type { TListView } from '../listAddress';
import { type TListShape, viewColumnsOf, viewQueryOf } from '../savedViewAddress';

/**
 * What the views menu and its dialogs ask of the server (issue 38: apart from what draws them).
 * Each takes the list's view as it is shown now; the address form is `savedViewAddress`'s.
 */
export const savedViewRequests = {
  /** The open view takes what the list shows now. */
  saveOpen: (saved: TSavedView, view: TListView, shape: TListShape) =>
    patchSavedView(saved.id, {
      query: viewQueryOf(view),
      columns: viewColumnsOf(view, shape.columnKeys),
      version: saved.version,
    }),
  /** A new view of what the list shows now. */
  create: (list: string, name: string, view: TListView, shape: TListShape) =>
    createSavedView({
      list,
      name,
      query: viewQueryOf(view),
      columns: viewColumnsOf(view, shape.columnKeys),
    }),
  rename: (saved: TSavedView, name: string) => patchSavedView(saved.id, { name, version: saved.version }),
  share: (saved: TSavedView, shared: boolean) => patchSavedView(saved.id, { shared, version: saved.version }),
  /** The view this list opens with (null: none). */
  setDefault: (list: string, saved: TSavedView | null) =>
    saveListPreference(list, { defaultViewId: saved ? saved.id : null }),
  remove: (saved: TSavedView) => deleteSavedView(saved.id),
};

/**
 * Runs a change to the views: says it in a toast and has the views read again (`onChanged`). A
 * refusal of the name ('name is already used…') goes to `onNameError`, under the field, when the
 * caller has one; any other failure is said in a toast. Resolves to the change's answer, or null
 * when it failed.
 */
export const useSavedViewChange = (onChanged: () => void) => {
  const { LL } = useI18nContext();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(
      change: () => Promise<T>,
      done: string,
      onNameError?: (message: string) => void,
    ): Promise<{ answer: T } | null> => {
      setBusy(true);
      try {
        const answer = await change();
        showToast(done);
        onChanged();
        return { answer };
      } catch (failure) {
        if (onNameError && failure instanceof ApiValidationError) {
          const [first] = failure.errors;
          // The server names the field by its key: said with the field's label.
          onNameError(
            first?.startsWith('name')
              ? `${LL.savedViews.nameLabel()}${first.slice(4)}`
              : first || failure.message,
          );
        } else showToast(`${LL.savedViews.failed()} ${failureMessage(failure, LL)}`, 'error');
        return null;
      } finally {
        setBusy(false);
      }
    },
    [LL, onChanged],
  );
  return { busy, run };
};
