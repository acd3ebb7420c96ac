import { atom } from 'jotai';

/** Field errors of the last sign-in answer (400 `errors`, spec section 5), keyed by field name. */
export const signInFieldErrorsAtom = atom<Record<string, string>>({});
