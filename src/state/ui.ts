import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

/** Interface state of spec section 3: the mini sidebar flag (starts mini) and dark mode (starts light). */
const storage = createJSONStorage<boolean>(() => localStorage);

export const sidebarMiniAtom = atomWithStorage<boolean>('ui.sidebarMini', true, storage, { getOnInit: true });
export const darkModeAtom = atomWithStorage<boolean>('ui.darkMode', false, storage, { getOnInit: true });

export const toggleSidebarAtom = atom(null, (get, set) => set(sidebarMiniAtom, !get(sidebarMiniAtom)));
export const toggleDarkModeAtom = atom(null, (get, set) => set(darkModeAtom, !get(darkModeAtom)));

/** The command palette and the keyboard-shortcut list. */
export const paletteOpenAtom = atom(false);
export const shortcutsOpenAtom = atom(false);
