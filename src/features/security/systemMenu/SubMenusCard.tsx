import { useAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { AppLink } from '@/components/AppLink';
import { CompactTable, compactRowClass } from '@/components/CompactTable';
import { ConfirmDialog } from '@/components/feedback/ConfirmDialog';
import { LoadState } from '@/components/feedback/LoadState';
import { showToast } from '@/components/feedback/toasts';
import { failureMessage } from '@/components/form/saveFailure';
import { Icon } from '@/components/Icon';
import { RemoveRowButton } from '@/components/RemoveRowButton';
import type { TRecordContext } from '@/components/resource/resourceArea';
import { primaryButton, secondaryButton, smallButton } from '@/components/ui';
import { systemMenuResource } from '@/domain/resources/systemMenu';
import { translate } from '@/domain/translate';
import { useI18nContext } from '@/i18n/i18n-react';
import { api } from '@/platform/api/client';
import { errorStatus } from '@/platform/api/errors';
import type { TResourceRow } from '@/platform/api/resources';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { SubMenuDialog, type TSubMenuDialogState } from './SubMenuDialog';
import { deleteSubMenu, fetchSubMenus, type TSubMenu } from './subMenuApi';
import { addSubMenuRequestedAtom } from './subMenuState';

type TLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; rows: TSubMenu[] };

const cardClass =
  'mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900';

/** Under a menu's edit form: its sub-menus, or (for a sub-menu) the menu it belongs to. */
const SubMenusCard = ({ record }: TRecordContext) => {
  const parentId = record.parentId as number | null | undefined;
  return parentId == null ? (
    <SubMenus menuId={record.id} menuOrder={Number(record.sortOrder) || 0} />
  ) : (
    <ParentNote parentId={parentId} />
  );
};
export default SubMenusCard;

/** A sub-menu's page says whose it is and links there: menus have two levels only. */
const ParentNote = ({ parentId }: { parentId: number }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const [parentTitle, setParentTitle] = useState('');
  useEffect(() => {
    let current = true;
    // Only the parent's title: without it the note names the parent by its id.
    api<{ data: TResourceRow }>(`${systemMenuResource.apiBase}/${parentId}`, { errorMode: 'log' })
      .then(({ data: parent }) => current && setParentTitle(translate(parent.title as never, locale)))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [parentId, locale]);
  const parent = parentTitle || `#${parentId}`;
  return (
    <section className={`${cardClass} flex flex-wrap items-center gap-3`}>
      <Icon name="info" className="size-5 shrink-0 text-primary-700 dark:text-primary-300" />
      <p className="flex-1 text-slate-700 text-sm dark:text-slate-200">
        {LL.systemMenuAdmin.isSubMenu({ parent })}
      </p>
      <AppLink
        className={secondaryButton}
        to={localizedPath(locale, `${systemMenuResource.routeBase}/edit/${parentId}`)}
      >
        {LL.systemMenuAdmin.openParent({ parent })}
      </AppLink>
    </section>
  );
};

const SubMenus = ({ menuId, menuOrder }: { menuId: number; menuOrder: number }) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const words = LL.systemMenuAdmin;
  const [load, setLoad] = useState<TLoad>({ state: 'loading' });
  const [dialog, setDialog] = useState<TSubMenuDialogState | null>(null);
  const [deleting, setDeleting] = useState<TSubMenu | null>(null);
  const [busy, setBusy] = useState(false);
  const [addRequested, setAddRequested] = useAtom(addSubMenuRequestedAtom);

  const refresh = useCallback(
    async (first = false): Promise<TSubMenu[] | null> => {
      try {
        const rows = await fetchSubMenus(menuId, first ? 'view' : 'log');
        setLoad({ state: 'ready', rows });
        return rows;
      } catch {
        setLoad({ state: 'failed' });
        return null;
      }
    },
    [menuId],
  );

  useEffect(() => {
    setLoad({ state: 'loading' });
    void refresh(true);
  }, [refresh]);

  const rows = load.state === 'ready' ? load.rows : [];
  // A new sub-menu goes last, after its menu's own place (the seed numbers them the same way).
  const nextOrder = Math.max(menuOrder, ...rows.map((row) => row.sortOrder)) + 1;
  const openAdd = useCallback(() => setDialog({ mode: 'create', sortOrder: nextOrder }), [nextOrder]);

  // The palette's 'Add sub-menu' (and never a request left over from another page).
  useEffect(() => {
    if (!addRequested) return;
    setAddRequested(false);
    openAdd();
  }, [addRequested, setAddRequested, openAdd]);
  useEffect(() => () => setAddRequested(false), [setAddRequested]);

  const onSaved = () => {
    setDialog(null);
    void refresh();
  };

  /** After a conflict: the fresh list, and the dialog on the fresh row (or closed if it is gone). */
  const reloadAfterConflict = async () => {
    const fresh = await refresh();
    if (dialog?.mode !== 'edit') return;
    const row = fresh?.find((candidate) => candidate.id === dialog.row.id);
    if (row) setDialog({ mode: 'edit', row });
    else {
      setDialog(null);
      showToast(words.gone(), 'error');
    }
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteSubMenu(deleting.id);
      showToast(LL.form.deleted({ thing: LL.resources.subMenu.one() }));
    } catch (error) {
      showToast(errorStatus(error) === 404 ? words.gone() : failureMessage(error, LL), 'error');
    } finally {
      setBusy(false);
      setDeleting(null);
      void refresh();
    }
  };

  const titleHeading = (language: 'kh' | 'en') =>
    `${LL.fields.title()} (${language === 'kh' ? LL.form.khmer() : LL.form.english()})`;
  const cell = 'px-3 py-2 align-middle';

  return (
    <section aria-labelledby="sub-menus-heading" className={cardClass}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sub-menus-heading" className="font-semibold text-lg text-slate-900 dark:text-slate-50">
            {words.subMenus()}
            {load.state === 'ready' ? (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 align-middle font-medium text-slate-600 text-xs dark:bg-slate-800 dark:text-slate-300">
                {rows.length}
              </span>
            ) : null}
          </h2>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">{words.subMenusHint()}</p>
        </div>
        {load.state === 'ready' ? (
          <button type="button" className={primaryButton} onClick={openAdd}>
            <Icon name="plus" className="size-4" />
            {words.addSubMenu()}
          </button>
        ) : null}
      </div>

      {load.state === 'loading' || load.state === 'failed' ? (
        <LoadState
          state={load.state}
          spacing="py-4"
          failedText={words.loadFailed()}
          onRetry={() => {
            setLoad({ state: 'loading' });
            void refresh();
          }}
        />
      ) : rows.length === 0 ? (
        <div className="rounded-md border border-slate-300 border-dashed px-4 py-8 text-center dark:border-slate-700">
          <Icon name="menu" className="mx-auto size-8 text-slate-400 dark:text-slate-500" />
          <p className="mt-2 font-medium text-slate-800 dark:text-slate-100">{words.empty()}</p>
          <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">{words.emptyHint()}</p>
        </div>
      ) : (
        <>
          <CompactTable
            tableClassName="w-full min-w-[40rem] text-left text-sm"
            columns={[
              { key: 'titleKh', heading: titleHeading('kh'), className: cell },
              { key: 'titleEn', heading: titleHeading('en'), className: cell },
              { key: 'to', heading: LL.fields.to(), className: cell },
              { key: 'permission', heading: LL.fields.permission(), className: cell },
              { key: 'sortOrder', heading: LL.fields.sortOrder(), className: `${cell} text-right` },
              {
                key: 'actions',
                heading: <span className="sr-only">{LL.list.actions()}</span>,
                className: `${cell} text-right`,
              },
            ]}
          >
            {rows.map((row) => {
              const name = translate(row.title, locale);
              return (
                <tr key={row.id} className={compactRowClass}>
                  <td className={`${cell} whitespace-nowrap`} lang="km">
                    {row.title.kh}
                  </td>
                  <td className={cell} lang="en">
                    {row.title.en}
                  </td>
                  <td className={`${cell} font-mono text-xs`}>
                    {row.to ?? (
                      <span className="font-sans text-slate-500 dark:text-slate-400">{words.noTarget()}</span>
                    )}
                  </td>
                  <td className={`${cell} font-mono text-xs`}>
                    {row.permission ?? (
                      <span className="font-sans text-slate-500 dark:text-slate-400">{words.everyone()}</span>
                    )}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>{row.sortOrder}</td>
                  <td className={`${cell} whitespace-nowrap text-right`}>
                    <div className="inline-flex gap-2">
                      <button
                        type="button"
                        className={`${secondaryButton} ${smallButton}`}
                        aria-label={words.editNamed({ name })}
                        onClick={() => setDialog({ mode: 'edit', row })}
                      >
                        {LL.list.edit()}
                      </button>
                      <RemoveRowButton
                        aria-label={words.deleteNamed({ name })}
                        onClick={() => setDeleting(row)}
                      >
                        {LL.list.delete()}
                      </RemoveRowButton>
                    </div>
                  </td>
                </tr>
              );
            })}
          </CompactTable>
          <p className="mt-3 flex items-center gap-2 text-slate-500 text-xs dark:text-slate-400">
            <Icon name="info" className="size-4" />
            {words.deleteSubMenusFirst()}
          </p>
        </>
      )}

      <SubMenuDialog
        state={dialog}
        menuId={menuId}
        onClose={() => setDialog(null)}
        onSaved={onSaved}
        onReload={() => void reloadAfterConflict()}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={LL.form.deleteTitle({ thing: LL.resources.subMenu.one() })}
        body={LL.form.deleteBody({ name: deleting ? translate(deleting.title, locale) : '' })}
        confirmLabel={LL.form.confirmDelete()}
        cancelLabel={LL.form.cancel()}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
};
