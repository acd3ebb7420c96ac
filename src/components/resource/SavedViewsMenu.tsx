import {
  Menu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
} from '@headlessui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { ModalDialog } from '@/components/feedback/ModalDialog';
import { showToast } from '@/components/feedback/toasts';
import { DialogForm } from '@/components/form/DialogForm';
import { errorTextClass, inputClass, labelClass } from '@/components/form/fieldStyles';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { focusRing, primaryButton, secondaryButton } from '@/components/ui';
import { hasPermission } from '@/domain/permissions';
import { shareViewsPermission, type TSavedView } from '@/domain/savedViews';
import { useI18nContext } from '@/i18n/i18n-react';
import { ApiValidationError } from '@/platform/api/errors';
import {
  createSavedView,
  deleteSavedView,
  patchSavedView,
  saveListPreference,
} from '@/platform/api/savedViews';
import type { TRemoteData } from '@/platform/api/useRemoteData';
import { useSession } from '@/platform/session';
import type { TListView } from './listAddress';
import { showsSavedView, type TListShape, viewColumnsOf, viewQueryOf } from './savedViewAddress';
import type { TListViews } from './useListViews';

const itemClass =
  'flex w-full items-center gap-2 rounded-md px-3 py-1.5 text-left text-slate-700 text-sm data-disabled:opacity-50 data-focus:bg-slate-100 dark:text-slate-200 dark:data-focus:bg-slate-800';
const headingClass = 'px-3 pt-2 pb-1 font-semibold text-slate-500 text-xs uppercase dark:text-slate-400';
const badgeClass =
  'rounded-full bg-slate-100 px-2 py-0.5 text-slate-600 text-xs dark:bg-slate-800 dark:text-slate-300';

type TDialog =
  | { kind: 'saveAs' }
  | { kind: 'rename'; view: TSavedView }
  | { kind: 'delete'; view: TSavedView };

/**
 * The views menu above a list (issue 26): the list's views (mine, shared in my office, shipped),
 * and what can be done with the one open: save, save as new, rename, delete, set as default, share.
 * The address is the truth: opening a view sets it; when it differs from the open view, the menu
 * says 'modified'. A headlessui menu: arrows, Enter, Escape, typing a name's first letters.
 */
export const SavedViewsMenu = ({
  list,
  view,
  shape,
  remote,
  onOpen,
  onChanged,
}: {
  list: string;
  view: TListView;
  shape: TListShape;
  remote: TRemoteData<TListViews | null>;
  onOpen: (saved: TSavedView) => void;
  /** A view was saved, renamed, deleted, shared or made the default: read them again. */
  onChanged: () => void;
}) => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const canShare = hasPermission(user, shareViewsPermission);
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const views = remote.state === 'ready' ? (remote.data?.views ?? []) : [];
  const open = view.savedViewId ? views.find((saved) => saved.id === view.savedViewId) : undefined;
  const modified = open !== undefined && !showsSavedView(view, open, shape);
  const groups = [
    { key: 'mine', title: LL.savedViews.mine(), views: views.filter((saved) => saved.mine) },
    {
      key: 'shared',
      title: LL.savedViews.shared(),
      views: views.filter((saved) => saved.shared && !saved.mine && !saved.shipped),
    },
    { key: 'shipped', title: LL.savedViews.shipped(), views: views.filter((saved) => saved.shipped) },
  ].filter((group) => group.views.length > 0);

  /** Runs a change, says it, reads the views again; a refusal is said in a toast. */
  const act = async (change: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await change();
      showToast(done);
      onChanged();
      return true;
    } catch (failure) {
      if (dialog && failure instanceof ApiValidationError) {
        // 'name is already used...': said with the field's label, under the field.
        const [first] = failure.errors;
        setError(
          first?.startsWith('name')
            ? `${LL.savedViews.nameLabel()}${first.slice(4)}`
            : first || failure.message,
        );
      } else showToast(`${LL.savedViews.failed()} ${failureMessage(failure, LL)}`, 'error');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const saveOpen = (saved: TSavedView) =>
    act(
      () =>
        patchSavedView(saved.id, {
          query: viewQueryOf(view),
          columns: viewColumnsOf(view, shape.columnKeys),
          version: saved.version,
        }),
      LL.savedViews.saved({ name: saved.name }),
    );
  const setDefault = (saved: TSavedView, on: boolean) =>
    act(
      () => saveListPreference(list, { defaultViewId: on ? saved.id : null }),
      on ? LL.savedViews.defaultSet({ name: saved.name }) : LL.savedViews.defaultCleared(),
    );
  const setShared = (saved: TSavedView, shared: boolean) =>
    act(
      () => patchSavedView(saved.id, { shared, version: saved.version }),
      LL.savedViews.saved({ name: saved.name }),
    );

  const openDialog = (next: TDialog) => {
    setError(null);
    setName(next.kind === 'rename' ? next.view.name : '');
    setDialog(next);
  };
  const closeDialog = () => {
    if (!busy) setDialog(null);
  };
  const submitName = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(LL.validation.required({ label: LL.savedViews.nameLabel() }));
    if (dialog?.kind === 'saveAs') {
      let created: TSavedView | null = null;
      const ok = await act(
        async () => {
          created = await createSavedView({
            list,
            name: trimmed,
            query: viewQueryOf(view),
            columns: viewColumnsOf(view, shape.columnKeys),
          });
        },
        LL.savedViews.saved({ name: trimmed }),
      );
      if (ok && created) {
        setDialog(null);
        onOpen(created);
      }
    } else if (dialog?.kind === 'rename') {
      const renamed = dialog.view;
      const ok = await act(
        () => patchSavedView(renamed.id, { name: trimmed, version: renamed.version }),
        LL.savedViews.saved({ name: trimmed }),
      );
      if (ok) setDialog(null);
    }
  };

  const buttonLabel = open ? open.name : LL.savedViews.allRecords();
  const mine = open?.mine ? open : undefined;

  return (
    <>
      <Menu>
        <MenuButton className={`${secondaryButton} py-1.5`} data-saved-views-menu>
          <Icon name="eye" className="size-4" />
          <span className="text-slate-500 dark:text-slate-400">{LL.savedViews.menu()}:</span>
          <span className="max-w-56 truncate">{buttonLabel}</span>
          {modified ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-normal text-amber-900 text-xs dark:bg-amber-900/40 dark:text-amber-200">
              {LL.savedViews.modified()}
            </span>
          ) : null}
          <Icon name="chevronDown" className="size-4 text-slate-400" />
        </MenuButton>
        <MenuItems
          anchor="bottom start"
          className="z-40 mt-1 max-h-[70vh] w-80 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
        >
          {remote.state === 'loading' ? (
            <p className="px-3 py-2 text-slate-500 text-sm">{LL.savedViews.loading()}</p>
          ) : remote.state === 'failed' ? (
            <p className="px-3 py-2 text-error text-sm">{LL.savedViews.loadFailed()}</p>
          ) : groups.length === 0 ? (
            <p className="px-3 py-2 text-slate-500 text-sm">{LL.savedViews.none()}</p>
          ) : (
            groups.map((group) => (
              <MenuSection key={group.key}>
                <MenuHeading className={headingClass}>{group.title}</MenuHeading>
                {group.views.map((saved) => (
                  <MenuItem key={saved.id}>
                    <button
                      type="button"
                      className={itemClass}
                      aria-current={saved.id === open?.id ? 'true' : undefined}
                      onClick={() => onOpen(saved)}
                    >
                      <Icon
                        name={saved.id === open?.id ? 'check' : saved.shipped ? 'service' : 'eye'}
                        className="size-4 shrink-0"
                      />
                      <span className="flex-1 truncate">{saved.name}</span>
                      {saved.default ? (
                        <span className={badgeClass}>{LL.savedViews.defaultBadge()}</span>
                      ) : null}
                      {saved.shared && saved.mine ? (
                        <span className={badgeClass}>{LL.savedViews.sharedBadge()}</span>
                      ) : null}
                    </button>
                  </MenuItem>
                ))}
              </MenuSection>
            ))
          )}
          <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          {mine ? (
            <MenuItem disabled={!modified}>
              <button type="button" className={itemClass} onClick={() => void saveOpen(mine)}>
                <Icon name="save" className="size-4" />
                {LL.savedViews.save()}
              </button>
            </MenuItem>
          ) : null}
          <MenuItem disabled={remote.state !== 'ready'}>
            <button type="button" className={itemClass} onClick={() => openDialog({ kind: 'saveAs' })}>
              <Icon name="plus" className="size-4" />
              {LL.savedViews.saveAsNew()}
            </button>
          </MenuItem>
          {mine ? (
            <>
              <MenuItem>
                <button
                  type="button"
                  className={itemClass}
                  onClick={() => openDialog({ kind: 'rename', view: mine })}
                >
                  <Icon name="edit" className="size-4" />
                  {LL.savedViews.rename()}
                </button>
              </MenuItem>
              {canShare || mine.shared ? (
                <MenuItem>
                  <button
                    type="button"
                    className={itemClass}
                    onClick={() => void setShared(mine, !mine.shared)}
                  >
                    <Icon name="office" className="size-4" />
                    {mine.shared ? LL.savedViews.unshare() : LL.savedViews.share()}
                  </button>
                </MenuItem>
              ) : null}
            </>
          ) : null}
          {open ? (
            <MenuItem>
              <button
                type="button"
                className={itemClass}
                onClick={() => void setDefault(open, !open.default)}
              >
                <Icon name="home" className="size-4" />
                {open.default ? LL.savedViews.clearDefault() : LL.savedViews.setDefault()}
              </button>
            </MenuItem>
          ) : null}
          {mine ? (
            <MenuItem>
              <button
                type="button"
                className={`${itemClass} text-error dark:text-red-300`}
                onClick={() => openDialog({ kind: 'delete', view: mine })}
              >
                <Icon name="trash" className="size-4" />
                {LL.savedViews.delete()}
              </button>
            </MenuItem>
          ) : null}
        </MenuItems>
      </Menu>

      <ModalDialog
        open={dialog?.kind === 'saveAs' || dialog?.kind === 'rename'}
        title={dialog?.kind === 'rename' ? LL.savedViews.renameTitle() : LL.savedViews.saveAsTitle()}
        intro={dialog?.kind === 'saveAs' ? LL.savedViews.saveAsIntro() : undefined}
        onClose={closeDialog}
      >
        <DialogForm onSave={submitName}>
          <label htmlFor="saved-view-name" className={labelClass}>
            {LL.savedViews.nameLabel()}
          </label>
          <input
            id="saved-view-name"
            className={inputClass(error !== null)}
            value={name}
            maxLength={100}
            autoComplete="off"
            autoFocus
            aria-invalid={error !== null}
            aria-describedby={error ? 'saved-view-name-error' : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id="saved-view-name-error" className={errorTextClass}>
              {error}
            </p>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={closeDialog}>
              {LL.form.cancel()}
            </button>
            <button type="submit" className={`${primaryButton} ${focusRing}`} disabled={busy}>
              {LL.savedViews.saveButton()}
            </button>
          </div>
        </DialogForm>
      </ModalDialog>

      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? LL.savedViews.deleteTitle({ name: dialog.view.name }) : ''}
        body={LL.savedViews.deleteBody()}
        confirmLabel={LL.savedViews.delete()}
        cancelLabel={LL.form.cancel()}
        danger
        busy={busy}
        onCancel={closeDialog}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          const deleted = dialog.view;
          void act(() => deleteSavedView(deleted.id), LL.savedViews.deleted({ name: deleted.name })).then(
            (ok) => {
              if (ok) setDialog(null);
            },
          );
        }}
      />
    </>
  );
};
