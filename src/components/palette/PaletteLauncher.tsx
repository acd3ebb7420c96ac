import { useSetAtom } from 'jotai';
import { useHotkeys } from 'react-hotkeys-hook';
import { useSession } from '@/app/session';
import { paletteOpenAtom } from '@/state/ui';

/**
 * Ctrl+K (⌘K) opens and closes the command palette for a signed-in user, from anywhere, fields
 * included. Apart from the palette itself, which loads the first time it opens (issue 11).
 */
export const PaletteLauncher = () => {
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  const setOpen = useSetAtom(paletteOpenAtom);
  useHotkeys(
    'ctrl+k, meta+k',
    () => setOpen((current) => !current),
    { enabled: signedIn, enableOnFormTags: true, preventDefault: true },
    [signedIn],
  );
  return null;
};
