import { atom } from 'jotai';

/** Bumped by 'Try again' on the offline view: the page is mounted afresh and loads again. */
export const pageRetryAtom = atom(0);
