import { useMemo } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router';
import { AppLink } from '@/components/AppLink';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { createKeywords, listDestination } from '@/components/palette/destinations';
import { useRecentDestination } from '@/components/palette/useRecentDestination';
import { kbd, primaryButton, secondaryButton } from '@/components/ui';
import { areaByName } from '@/domain/areas';
import { areaDuplicatesPath, areaMergePermission } from '@/domain/areas/area';
import { hasPermission } from '@/domain/permissions';
import { permissionFor } from '@/domain/resource';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import type { TClientResource } from '../resourceArea';
import type { TListController, TListVariant } from '../useListController';
import type { useResourceText } from '../useResourceText';

/**
 * The list's title bar: table or board, possible duplicates, 'Create' (with its key and palette
 * command); and whether the person may create here.
 */
export const useListHeader = ({
  resource,
  variant,
  text,
  controller,
  onSwitched,
}: {
  resource: TClientResource;
  variant?: TListVariant;
  text: ReturnType<typeof useResourceText>;
  controller: TListController;
  /** The view switched from the keyboard: its first row or card takes the focus. */
  onSwitched: () => void;
}) => {
  const { definition } = resource;
  const { LL } = text;
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const { user } = useSession();
  const { board, boardShown, showBoard, backState } = controller;
  const canCreate =
    !variant &&
    !definition.readOnly &&
    hasPermission(user, permissionFor(definition, 'write')) &&
    (!resource.pagePermission || hasPermission(user, resource.pagePermission));
  // Issue 35: the area's possible duplicates, for those who may merge them.
  const reviewedArea = variant ? undefined : areaByName(definition.name);
  const duplicatesPath =
    reviewedArea?.duplicateReview && hasPermission(user, areaMergePermission(reviewedArea))
      ? localizedPath(locale, areaDuplicatesPath(reviewedArea))
      : null;
  const createPath = localizedPath(locale, `${definition.routeBase}/create`);
  const openCreate = () => navigate(createPath, { state: { listSearch: window.location.search || '?' } });

  useHotkeys('n', openCreate, { enabled: canCreate, preventDefault: true }, [createPath]);
  useHotkeys(
    'v',
    () => {
      onSwitched();
      showBoard(!boardShown);
    },
    { enabled: board !== undefined, preventDefault: true },
    [showBoard, boardShown],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: openCreate follows createPath
  const commands = useMemo<TCommand[]>(
    () =>
      canCreate
        ? [
            {
              id: `create-${definition.name}`,
              title: LL.list.createThing({ thing: text.one }),
              kind: 'action',
              keywords: createKeywords(definition.name),
              icon: 'plus',
              shortcut: ['n'],
              perform: openCreate,
            },
          ]
        : [],
    [canCreate, definition.name, LL, text.one, createPath],
  );
  useRegisterCommands(commands);
  useRecentDestination(
    listDestination(variant ? { ...definition, name: variant.name, routeBase: variant.path } : definition),
  );

  const bar = (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-semibold text-2xl text-slate-900 dark:text-slate-50">{text.many}</h1>
      {board ? (
        <fieldset className="ml-auto flex items-center gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-700">
          <legend className="sr-only">{LL.list.viewSwitch()}</legend>
          {[
            { shown: false, label: LL.list.tableView(), icon: 'table' },
            { shown: true, label: board.label(LL), icon: board.icon },
          ].map((option) => (
            <button
              key={String(option.shown)}
              type="button"
              aria-pressed={boardShown === option.shown}
              aria-keyshortcuts="v"
              className="inline-flex items-center gap-1.5 rounded-md px-3 py-1 text-slate-700 text-sm aria-pressed:bg-primary-700 aria-pressed:text-white dark:text-slate-200 dark:aria-pressed:bg-primary-300 dark:aria-pressed:text-slate-950"
              onClick={() => showBoard(option.shown)}
            >
              <Icon name={option.icon} className="size-4" />
              {option.label}
            </button>
          ))}
          <kbd className={`${kbd} mx-1`}>V</kbd>
        </fieldset>
      ) : null}
      {duplicatesPath ? (
        // On a phone the icon alone (its words for screen readers and the pointer): the list keeps its height.
        <AppLink to={duplicatesPath} className={secondaryButton} title={LL.list.possibleDuplicatesLink()}>
          <Icon name="matching" className="size-4" />
          <span className="sr-only sm:not-sr-only">{LL.list.possibleDuplicatesLink()}</span>
        </AppLink>
      ) : null}
      {canCreate ? (
        <AppLink to={createPath} state={backState} className={primaryButton}>
          <Icon name="plus" className="size-4" />
          {LL.list.createThing({ thing: text.one })}
          <kbd className={`${kbd} ml-1 border-white/40 bg-white/10 text-white`}>N</kbd>
        </AppLink>
      ) : null}
    </div>
  );
  return { bar, canCreate, createPath };
};
