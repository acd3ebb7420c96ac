import type { ReactNode } from 'react';
import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TListController } from '../useListController';

/** Above the grid: loading (with Cancel), failed or cancelled (with Retry), or the total; the hints. */
export const ListStatus = ({
  LL,
  controller,
  aboutTotal,
  canCreate,
  children,
}: {
  LL: TranslationFunctions;
  controller: TListController;
  aboutTotal: string | null;
  canCreate: boolean;
  /** The export buttons. */
  children?: ReactNode;
}) => {
  const { status, total, send } = controller;
  return (
    <div className="mb-2 flex min-h-7 items-center gap-3 text-sm" aria-live="polite">
      {status.loading ? (
        <>
          <span className="inline-flex items-center gap-2 text-slate-600 dark:text-slate-300">
            <span className="size-3 animate-spin rounded-full border-2 border-primary-600 border-t-transparent" />
            {LL.layout.loading()}
          </span>
          <button
            type="button"
            className="rounded px-2 py-0.5 text-primary-700 text-xs hover:underline dark:text-primary-300"
            onClick={() => send({ type: 'CANCEL' })}
          >
            {LL.list.cancel()}
          </button>
        </>
      ) : status.failed || status.cancelled ? (
        <span className="inline-flex items-center gap-2 text-error">
          <Icon name="alert" className="size-4" />
          {status.failed ? LL.list.failed() : LL.list.cancelled()}
          <button type="button" className={secondaryButton} onClick={() => send({ type: 'RETRY' })}>
            <Icon name="refresh" className="size-4" />
            {LL.list.retry()}
          </button>
        </span>
      ) : total !== null ? (
        <span className="text-slate-600 dark:text-slate-300">
          {aboutTotal ? LL.list.totalAbout({ total: aboutTotal }) : LL.list.total({ total })}
        </span>
      ) : null}
      <span className="ml-auto hidden text-slate-600 text-xs md:inline dark:text-slate-400">
        {canCreate ? LL.list.keyboardHint() : LL.list.keyboardHintReadOnly()}
      </span>
      {children}
    </div>
  );
};
