import { useSetAtom } from 'jotai';
import { Icon } from '@/components/Icon';
import { modifierKeyLabel } from '@/components/palette/keys';
import { focusRing, kbd } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { paletteOpenAtom } from '@/state/ui';

/**
 * The top bar's menu search box: clicking it (or Enter/Space on it) opens the command palette.
 * Not on focus: a keyboard user tabbing past the top bar to the page must not land in a dialog.
 */
export const SearchBox = () => {
  const { LL } = useI18nContext();
  const setOpen = useSetAtom(paletteOpenAtom);
  const modifier = modifierKeyLabel();
  const open = () => setOpen(true);
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      onClick={open}
      className={`flex h-9 w-full max-w-md items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 text-left text-slate-600 text-sm hover:border-slate-300 hover:bg-white dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-400 dark:hover:border-slate-600 ${focusRing}`}
    >
      <Icon name="search" className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 truncate">{LL.layout.searchMenu()}</span>
      <span className="hidden items-center gap-0.5 xs:flex" aria-hidden="true">
        <kbd className={kbd}>{modifier}</kbd>
        <kbd className={kbd}>K</kbd>
      </span>
    </button>
  );
};
