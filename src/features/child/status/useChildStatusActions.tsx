import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { TResourceRow } from '@/api/resources';
import { useSession } from '@/app/session';
import type { TCommand } from '@/components/palette/commandRegistry';
import type { TChildActionName } from '@/domain/childStatus';
import { childResource } from '@/domain/resources/child';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { ChildActionDialog, type TActionChild } from './ChildActionDialog';
import { childActionIcons, childActionLabel } from './childActionText';
import { visibleChildActions } from './visibleChildActions';

export type TChildStatusActions = {
  /** Palette commands, one per action offered ('Confirm adoption'...). */
  commands: TCommand[];
  /** The dialogs: render it once on the page. */
  element: ReactNode;
  /** The actions offered, in menu order: the page shows a button for each. */
  actions: TChildActionName[];
  /** Opens an action's dialog. */
  open: (action: TChildActionName) => void;
  /** A dialog is open: the page's single-key shortcuts wait. */
  dialogOpen: boolean;
};

/**
 * The status actions of a child record (DESIGN.md section 4): those the child machine allows from
 * its status, to a user holding their permission, each with its dialog and palette command.
 * `reload` is called after a change, so the page reads the record and its history again.
 */
export const useChildStatusActions = (
  child: TResourceRow | null,
  reload: () => void,
): TChildStatusActions => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const [action, setAction] = useState<TChildActionName | null>(null);
  const status = child?.status;
  const actions = useMemo(() => visibleChildActions(status, user), [status, user]);

  const commands = useMemo<TCommand[]>(
    () =>
      actions.map((name) => {
        const words = bothLanguages((book) => childActionLabel(book, name));
        return {
          id: `child-status-${name}`,
          title: childActionLabel(LL, name),
          kind: 'action',
          icon: childActionIcons[name],
          keywords: [words.kh, words.en],
          perform: () => setAction(name),
        };
      }),
    [actions, LL],
  );

  const subject = useMemo<TActionChild | null>(
    () =>
      child
        ? {
            id: child.id,
            version: child.version,
            name: String(childResource.titleOf(child) ?? child.code ?? ''),
          }
        : null,
    [child],
  );
  const close = useCallback(() => setAction(null), []);
  // An action the status no longer allows (someone else acted) is not opened.
  const shown = action && actions.includes(action) ? action : null;

  return {
    commands,
    element: <ChildActionDialog action={shown} child={subject} onClose={close} reload={reload} />,
    actions,
    open: setAction,
    dialogOpen: shown !== null,
  };
};
