import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** Interface state of spec section 3: the mini sidebar flag (starts mini) and dark mode (starts light). */
// jotai's own storage reads localStorage, and outside a browser (unit tests importing a screen's
// module) finds none: the defaults hold.
const storage = createJSONStorage<boolean>();

export const sidebarMiniAtom = atomWithStorage<boolean>('ui.sidebarMini', true, storage, { getOnInit: true });
export const darkModeAtom = atomWithStorage<boolean>('ui.darkMode', false, storage, { getOnInit: true });

export const toggleSidebarAtom = atom(null, (get, set) => set(sidebarMiniAtom, !get(sidebarMiniAtom)));
export const toggleDarkModeAtom = atom(null, (get, set) => set(darkModeAtom, !get(darkModeAtom)));

/** The command palette and the keyboard-shortcut list. */
export const paletteOpenAtom = atom(false);
/** The resource the palette's record search is narrowed to ('Find child by name or code'), while open. */
export const paletteScopeAtom = atom<string | null>(null);
/** What was typed into the palette's stand-in while the palette itself was still loading. */
export const paletteDraftAtom = atom('');
/** The palette has loaded: its stand-in gives way. */
export const paletteReadyAtom = atom(false);
export const shortcutsOpenAtom = atom(false);
