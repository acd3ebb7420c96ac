import { useSetAtom } from 'jotai';
import { Icon } from '@/components/Icon';
import type { TRecordContext } from '@/components/resource/resourceArea';
import { dangerOutlineButton, secondaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { accountDialogAtom, accountOf } from './accountDialog';
import { useAccountPowers } from './useAccountPowers';

/**
 * Under a user's edit form: whether the account can sign in, with the same actions as the
 * palette (Deactivate/Activate, Set a new password). The dialogs are the page's (useUserAccountActions).
 */
export const AccountCard = ({ record }: TRecordContext) => {
  const { LL } = useI18nContext();
  const setDialog = useSetAtom(accountDialogAtom);
  const { own, locked, canToggle, canSetPassword } = useAccountPowers(record);
  const account = accountOf(record);
  return (
    <section
      aria-labelledby="account-card-title"
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="account-card-title" className="font-semibold text-lg text-slate-900 dark:text-slate-50">
        {LL.userAdmin.account()}
      </h2>
      <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">{LL.userAdmin.accountHint()}</p>
      <p className="mt-4 flex items-center gap-2 text-sm">
        <span
          aria-hidden="true"
          className={`inline-block size-2.5 rounded-full ${account.active ? 'bg-emerald-500' : 'bg-slate-400'}`}
        />
        <span className="text-slate-800 dark:text-slate-100">
          {account.active ? LL.userAdmin.statusActive() : LL.userAdmin.statusInactive()}
        </span>
      </p>
      {own ? (
        <p className="mt-2 text-slate-500 text-sm dark:text-slate-400">{LL.userAdmin.ownAccount()}</p>
      ) : null}
      {locked ? (
        <p className="mt-2 text-slate-500 text-sm dark:text-slate-400">{LL.userAdmin.superUserAccount()}</p>
      ) : null}
      {canToggle || canSetPassword ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {canToggle ? (
            <button
              type="button"
              className={account.active ? dangerOutlineButton : secondaryButton}
              onClick={() => setDialog({ kind: 'status', record: account })}
            >
              <Icon name={account.active ? 'lock' : 'check'} className="size-4" />
              {account.active ? LL.userAdmin.deactivateButton() : LL.userAdmin.activateButton()}
            </button>
          ) : null}
          {canSetPassword ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => setDialog({ kind: 'password', record: account })}
            >
              <Icon name="key" className="size-4" />
              {LL.userAdmin.setPassword()}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
};
