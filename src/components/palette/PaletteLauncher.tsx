import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { Icon } from '@/components/Icon';
import { useI18nContext } from '@/i18n/i18n-react';
import { useSession } from '@/platform/session';
import { paletteDraftAtom, paletteOpenAtom, paletteReadyAtom } from '@/state/ui';

/**
 * Ctrl+K or ⌘K, from anywhere, fields included; by the key's place (`code`) too, so a Khmer keyboard
 * layout (whose K key types 'ក') opens it as well. Not while an input method composes.
 */
export const isPaletteKey = (
  event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing'>,
) =>
  (event.ctrlKey || event.metaKey) &&
  !event.altKey &&
  !event.shiftKey &&
  !event.isComposing &&
  (event.code === 'KeyK' || event.key.toLowerCase() === 'k');

/**
 * Ctrl+K (⌘K) opens and closes the command palette for a signed-in user, from anywhere, fields
 * included. The palette loads the first time it opens (issue 11); until it is there, a stand-in
 * with the same search field takes what is typed, and the palette starts from it: no keystroke is lost.
 * It is the root's (src/app/AppShell.tsx) and listens from the moment a session may be there: the
 * first Ctrl+K after sign-in was lost while the signed-in frame's chunk, the session check or the
 * signed-in words were awaited (issue 38). A plain listener, not react-hotkeys-hook: the sign-in
 * page's download carries it (issue 11).
 */
export const PaletteLauncher = () => {
  const { LL } = useI18nContext();
  const { status } = useSession();
  // Pending: a stored session being checked; the palette opens once it is confirmed.
  const mayBeSignedIn = status !== 'signedOut';
  const [open, setOpen] = useAtom(paletteOpenAtom);
  const [ready, setReady] = useAtom(paletteReadyAtom);
  const [draft, setDraft] = useAtom(paletteDraftAtom);
  // The top bar's name for it (in the first download; the palette's own words come later).
  const label = LL.layout.searchMenu();
  useEffect(() => {
    // A session the check did not confirm opens nothing later.
    if (!mayBeSignedIn) {
      setOpen(false);
      setDraft('');
      return;
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      event.preventDefault();
      setOpen((current) => !current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mayBeSignedIn, setOpen, setDraft]);
  if (!open || ready || !mayBeSignedIn) return null;
  const close = () => {
    setOpen(false);
    setDraft('');
    setReady(false);
  };
  return (
    // Marked so that a page's heading focused after navigation leaves the focus here.
    <div className="fixed inset-0 z-[70]" data-keeps-focus="">
      <div className="fixed inset-0 bg-slate-900/40 dark:bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-4 pt-[12vh]">
        <div className="w-full max-w-xl overflow-hidden rounded-xl border border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900">
          <div className="flex items-center gap-2 px-4">
            <Icon name="search" className="size-5 shrink-0 text-slate-400" />
            <input
              autoFocus
              type="search"
              aria-label={label}
              value={draft}
              placeholder={label}
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
