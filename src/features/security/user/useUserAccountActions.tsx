import { useSetAtom } from 'jotai';
import { useMemo } from 'react';
import type { TCommand } from '@/components/palette/commandRegistry';
import type { TRecordContext } from '@/components/resource/resourceArea';
import { useI18nContext } from '@/i18n/i18n-react';
import { AccountDialogs } from './AccountDialogs';
import { accountDialogAtom, accountOf } from './accountDialog';
import { useAccountPowers } from './useAccountPowers';

/**
 * The palette's actions on a user's edit page: 'Deactivate this user' (or 'Activate this user')
 * and 'Set a new password', each opening its dialog; offered only to whom the server lets do it.
 */
export const useUserAccountActions = (context: TRecordContext | null) => {
  const { LL } = useI18nContext();
  const setDialog = useSetAtom(accountDialogAtom);
  const record = context?.record ?? null;
  const { canToggle, canSetPassword } = useAccountPowers(record);
  const commands = useMemo<TCommand[]>(() => {
    if (!record) return [];
    const account = accountOf(record);
    return [
      ...(canToggle
        ? [
            {
              id: 'user-toggle-active',
              title: account.active ? LL.userAdmin.deactivate() : LL.userAdmin.activate(),
              icon: account.active ? 'lock' : 'check',
              perform: () => setDialog({ kind: 'status', record: account }),
            },
          ]
        : []),
      ...(canSetPassword
        ? [
            {
              id: 'user-set-password',
              title: LL.userAdmin.setPassword(),
              icon: 'key',
              perform: () => setDialog({ kind: 'password', record: account }),
            },
          ]
        : []),
    ];
  }, [record, canToggle, canSetPassword, LL, setDialog]);
  return { commands, element: <AccountDialogs context={context} /> };
};
