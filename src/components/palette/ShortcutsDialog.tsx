import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useAtom } from 'jotai';
import { Icon } from '@/components/Icon';
import { iconButton, kbd } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { shortcutsOpenAtom } from '@/state/ui';
import { modifierKeyLabel } from './keys';

/** Every keyboard shortcut of the app; a chord is a list of keys, a sequence a list of chords. */
export const useShortcutList = () => {
  const { LL } = useI18nContext();
  const modifier = modifierKeyLabel();
  return [
    { id: 'palette', sequence: [[modifier, 'K']], description: LL.shortcuts.palette() },
    { id: 'help', sequence: [['?']], description: LL.shortcuts.help() },
    { id: 'home', sequence: [['G'], ['H']], description: LL.shortcuts.goHome() },
    { id: 'new', sequence: [['N']], description: LL.shortcuts.newRecord() },
    { id: 'edit', sequence: [['E']], description: LL.shortcuts.editRecord() },
    { id: 'search', sequence: [['/']], description: LL.shortcuts.searchList() },
    { id: 'save', sequence: [[modifier, 'S']], description: LL.shortcuts.save() },
    { id: 'close', sequence: [['Esc']], description: LL.shortcuts.closeDialog() },
    { id: 'work-queue', sequence: [['W']], description: LL.shortcuts.workQueue() },
    { id: 'switch-view', sequence: [['V']], description: LL.shortcuts.switchView() },
  ];
};

/** The '?' dialog listing the shortcuts in the current language. */
export const ShortcutsDialog = () => {
  const { LL } = useI18nContext();
  const [open, setOpen] = useAtom(shortcutsOpenAtom);
  const shortcuts = useShortcutList();
  return (
    <Dialog open={open} onClose={() => setOpen(false)} className="fixed inset-0 z-[70] outline-none">
      <div className="fixed inset-0 bg-slate-900/40 dark:bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[12vh]">
        <DialogPanel className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-5 shadow-2xl dark:border-slate-700 dark:bg-slate-900">
          <div className="mb-4 flex items-center justify-between gap-4">
            <DialogTitle className="flex items-center gap-2 font-semibold text-lg text-slate-900 dark:text-slate-50">
              <Icon name="keyboard" className="size-5 text-primary-700 dark:text-primary-300" />
              {LL.shortcuts.title()}
            </DialogTitle>
            <button
              type="button"
              className={iconButton}
              aria-label={LL.shortcuts.close()}
              onClick={() => setOpen(false)}
            >
              <Icon name="close" />
            </button>
          </div>
          <dl className="divide-y divide-slate-100 dark:divide-slate-800">
            {shortcuts.map((shortcut) => (
              <div key={shortcut.id} className="flex items-center justify-between gap-4 py-2.5">
                <dt className="text-slate-700 text-sm dark:text-slate-200">{shortcut.description}</dt>
                <dd className="flex shrink-0 items-center gap-1 text-slate-500 text-xs dark:text-slate-400">
                  {shortcut.sequence.map((chord, index) => (
                    <span key={chord.join('+')} className="flex items-center gap-1">
                      {index > 0 ? <span className="px-0.5">{LL.shortcuts.followedBy()}</span> : null}
                      {chord.map((key) => (
                        <kbd key={key} className={kbd}>
                          {key}
                        </kbd>
                      ))}
                    </span>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </DialogPanel>
      </div>
    </Dialog>
  );
};
