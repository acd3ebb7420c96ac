import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useHotkeys } from 'react-hotkeys-hook';
import { Icon } from '@/components/Icon';
import { useI18nContext } from '@/i18n/i18n-react';
import { useSession } from '@/platform/session';
import { paletteDraftAtom, paletteOpenAtom, paletteReadyAtom } from '@/state/ui';

/**
 * Ctrl+K (⌘K) opens and closes the command palette for a signed-in user, from anywhere, fields
 * included. The palette loads the first time it opens (issue 11); until it is there, a stand-in
 * with the same search field takes what is typed, and the palette starts from it: no keystroke is lost.
 */
export const PaletteLauncher = () => {
  const { LL } = useI18nContext();
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const ready = useAtomValue(paletteReadyAtom);
  const [draft, setDraft] = useAtom(paletteDraftAtom);
  const setReady = useSetAtom(paletteReadyAtom);
  useHotkeys(
    'ctrl+k, meta+k',
    () => setOpen((current) => !current),
    { enabled: signedIn, enableOnFormTags: true, preventDefault: true },
    [signedIn],
  );
  if (!open || ready || !signedIn) return null;
  const close = () => {
    setOpen(false);
    setDraft('');
    setReady(false);
  };
  return (
    <div className="fixed inset-0 z-[70]">
      <div
        className="fixed inset-0 bg-slate-900/40 backdrop-blur-[1px] dark:bg-black/60"
        aria-hidden="true"
      />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[12vh]">
        <div className="w-full max-w-xl overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-center gap-2 px-4">
            <Icon name="search" className="size-5 shrink-0 text-slate-400" />
            <input
              autoFocus
              type="search"
              aria-label={LL.palette.label()}
              value={draft}
              maxLength={100}
              placeholder={LL.palette.placeholder()}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') close();
              }}
              className="h-12 w-full bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-400 dark:text-slate-100"
            />
          </div>
        </div>
      </div>
    </div>
  );
};
