import { atom } from 'jotai';

/**
 * Set by the palette's 'Add sub-menu' on a menu's edit page; the sub-menus card opens its dialog
 * and clears it (the command and the card are separate pieces of the page).
 */
export const addSubMenuRequestedAtom = atom(false);
