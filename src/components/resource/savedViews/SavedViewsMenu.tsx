import {
  Menu,
  MenuButton,
  MenuHeading,
  MenuItem,
  MenuItems,
  MenuSection,
  MenuSeparator,
} from '@headlessui/react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';
import { hasPermission } from '@/domain/permissions';
import { shareViewsPermission, type TSavedView } from '@/domain/savedViews';
import { useI18nContext } from '@/i18n/i18n-react';
import { browserNetworkInfo, canPrefetch } from '@/platform/prefetch';
import { useSession } from '@/platform/session';
import { openedView, showsSavedView } from '../savedViewAddress';
import type { TListController } from '../useListController';
import type { TNameDialogFor } from './SavedViewNameDialog';
import { savedViewRequests, useSavedViewChange } from './savedViewRequests';

// The dialogs load when one is opened (issue 38), or on hover or keyboard focus of its item.
const loadNameDialog = () => import('./SavedViewNameDialog');
const loadDeleteDialog = () => import('./DeleteSavedViewDialog');
const SavedViewNameDialog = lazy(loadNameDialog);
const DeleteSavedViewDialog = lazy(loadDeleteDialog);
const prefetch = (load: () => Promise<unknown>) => {
  if (canPrefetch(browserNetworkInfo())) load().catch(() => {});
};

const itemBase =
  'flex w-full items-center gap-2 rounded-md px-3 py-1.5 text-left text-sm data-focus:bg-slate-100 dark:data-focus:bg-slate-800';
const itemClass = `${itemBase} text-slate-700 dark:text-slate-200`;
const dangerItemClass = `${itemBase} text-error dark:text-red-300`;
const headingClass = 'px-3 pt-2 pb-1 font-semibold text-slate-500 text-xs dark:text-slate-400';
const badgeClass =
  'rounded-full bg-slate-100 px-2 py-0.5 text-slate-600 text-xs dark:bg-slate-800 dark:text-slate-300';
const separator = <MenuSeparator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />;

type TDialog = TNameDialogFor | { kind: 'delete'; view: TSavedView };

/** Loads a dialog's code while its item has the menu's focus (the arrow keys, the pointer moved onto it). */
const PrefetchWhile = ({ focus, load }: { focus: boolean; load: () => Promise<unknown> }) => {
  useEffect(() => {
    if (focus) prefetch(load);
  }, [focus, load]);
  return null;
};

/** One of the menu's actions; `loads`: the dialog it opens, fetched ahead. */
const ActionItem = ({
  icon,
  label,
  danger,
  loads,
  onClick,
}: {
  icon: string;
  label: ReactNode;
  danger?: boolean;
  loads?: () => Promise<unknown>;
  onClick: () => void;
}) => (
  <MenuItem
    as="button"
    type="button"
    className={danger ? dangerItemClass : itemClass}
    // The pointer over it, even before headlessui counts it as moved there.
    onPointerEnter={loads ? () => prefetch(loads) : undefined}
    onClick={onClick}
  >
    {({ focus }) => (
      <>
        {loads ? <PrefetchWhile focus={focus} load={loads} /> : null}
        <Icon name={icon} className="size-4" />
        {label}
      </>
    )}
  </MenuItem>
);

/**
 * The views menu above a list (issues 26, 38): the list's views (mine, shared in my office,
 * shipped), then what can be done with the one open — save, rename, share, set as default, delete,
 * shown only while one is open — and 'Save as new view'. It reads the list's controller and sends
 * on it: opening a view is OPEN_VIEW; when the list differs from the open view it says 'modified'.
 * A headlessui menu: arrows, Home, End, Enter, Escape back to the button, a name's first letters.
 */
export const SavedViewsMenu = ({ controller, list }: { controller: TListController; list: string }) => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const { view, shape, listViews: remote, viewsChanged, send } = controller;
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const { run } = useSavedViewChange(viewsChanged);

  const views = remote.state === 'ready' ? (remote.data?.views ?? []) : [];
  const open = view.savedViewId ? views.find((saved) => saved.id === view.savedViewId) : undefined;
  const modified = open !== undefined && !showsSavedView(view, open, shape);
  const mine = open?.mine ? open : undefined;
  const openView = (saved: TSavedView) => send({ type: 'OPEN_VIEW', view: openedView(saved, shape) });
  const groups = [
    { key: 'mine', title: LL.savedViews.mine(), views: views.filter((saved) => saved.mine) },
    {
      key: 'shared',
      title: LL.savedViews.shared(),
      views: views.filter((saved) => saved.shared && !saved.mine && !saved.shipped),
    },
    { key: 'shipped', title: LL.savedViews.shipped(), views: views.filter((saved) => saved.shipped) },
  ].filter((group) => group.views.length > 0);

  return (
    <>
      <Menu>
        <MenuButton className={`${secondaryButton} py-1.5`} data-saved-views-menu>
          <Icon name="eye" className="size-4" />
          <span className="text-slate-500 dark:text-slate-400">{LL.savedViews.menu()}:</span>
          <span className="max-w-56 truncate">{open ? open.name : LL.savedViews.allRecords()}</span>
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
                <MenuHeading className={`${headingClass} uppercase`}>{group.title}</MenuHeading>
                {group.views.map((saved) => (
                  <MenuItem
                    key={saved.id}
                    as="button"
                    type="button"
                    className={itemClass}
                    aria-current={saved.id === open?.id ? 'true' : undefined}
                    onClick={() => openView(saved)}
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
                  </MenuItem>
                ))}
              </MenuSection>
            ))
          )}
          {/* What acts on the open view is there only while one is open, under its name. */}
          {open ? (
            <>
              {separator}
              <MenuSection>
                <MenuHeading className={`${headingClass} truncate`}>
                  {LL.savedViews.thisView({ name: open.name })}
                </MenuHeading>
                {mine && modified ? (
                  <ActionItem
                    icon="save"
                    label={LL.savedViews.save()}
                    onClick={() =>
                      void run(
                        () => savedViewRequests.saveOpen(mine, view, shape),
                        LL.savedViews.saved({ name: mine.name }),
                      )
                    }
                  />
                ) : null}
                {mine ? (
                  <ActionItem
                    icon="edit"
                    label={LL.savedViews.rename()}
                    loads={loadNameDialog}
                    onClick={() => setDialog({ kind: 'rename', view: mine })}
                  />
                ) : null}
                {mine && (mine.shared || hasPermission(user, shareViewsPermission)) ? (
                  <ActionItem
                    icon="office"
                    label={mine.shared ? LL.savedViews.unshare() : LL.savedViews.share()}
                    onClick={() =>
                      void run(
                        () => savedViewRequests.share(mine, !mine.shared),
                        mine.shared
                          ? LL.savedViews.unsharedNow({ name: mine.name })
                          : LL.savedViews.sharedNow({ name: mine.name }),
                      )
                    }
                  />
                ) : null}
                <ActionItem
                  icon="home"
                  label={open.default ? LL.savedViews.clearDefault() : LL.savedViews.setDefault()}
                  onClick={() =>
                    void run(
                      () => savedViewRequests.setDefault(list, open.default ? null : open),
                      open.default
                        ? LL.savedViews.defaultCleared()
                        : LL.savedViews.defaultSet({ name: open.name }),
                    )
                  }
                />
                {mine ? (
                  <ActionItem
                    icon="trash"
                    label={LL.savedViews.delete()}
                    danger
                    loads={loadDeleteDialog}
                    onClick={() => setDialog({ kind: 'delete', view: mine })}
                  />
                ) : null}
              </MenuSection>
            </>
          ) : null}
          {remote.state === 'ready' ? (
            <>
              {separator}
              <ActionItem
                icon="plus"
                label={LL.savedViews.saveAsNew()}
                loads={loadNameDialog}
                onClick={() => setDialog({ kind: 'saveAs' })}
              />
            </>
          ) : null}
        </MenuItems>
      </Menu>

      <Suspense fallback={null}>
        {dialog?.kind === 'delete' ? (
          <DeleteSavedViewDialog
            view={dialog.view}
            onChanged={viewsChanged}
            onClose={() => setDialog(null)}
          />
        ) : dialog ? (
          <SavedViewNameDialog
            of={dialog}
            list={list}
            view={view}
            shape={shape}
            onChanged={viewsChanged}
            onCreated={openView}
            onClose={() => setDialog(null)}
          />
        ) : null}
      </Suspense>
    </>
  );
};
