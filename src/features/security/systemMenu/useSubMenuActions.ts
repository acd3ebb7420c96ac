import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import type { TCommand } from '@/components/palette/commandRegistry';
import type { TRecordContext } from '@/components/resource/resourceArea';
import { useI18nContext } from '@/i18n/i18n-react';
import { addSubMenuRequestedAtom } from './subMenuState';

/** Palette actions on a menu's edit page: 'Add sub-menu' (a top-level menu only: two levels). */
export const useSubMenuActions = (context: TRecordContext | null): { commands: TCommand[] } => {
  const { LL } = useI18nContext();
  const requestAdd = useSetAtom(addSubMenuRequestedAtom);
  const topLevel = context !== null && context.record.parentId == null;
  const commands = useMemo<TCommand[]>(
    () =>
      topLevel
        ? [
            {
              id: 'add-sub-menu',
              title: LL.systemMenuAdmin.addSubMenu(),
              group: LL.palette.actions(),
              keywords: [LL.resources.subMenu.one(), 'sub-menu'],
              icon: 'plus',
              perform: () => requestAdd(true),
            },
          ]
        : [],
    [topLevel, LL, requestAdd],
  );
  return { commands };
};
