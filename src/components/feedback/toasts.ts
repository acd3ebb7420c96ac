import { atom, getDefaultStore } from 'jotai';
import { toastDurationMs } from '@/domain/constants';

export type TToast = { id: number; text: string; tone: 'success' | 'error' };

export const toastsAtom = atom<TToast[]>([]);
let nextToastId = 1;

/** Shows a toast at the top right for the spec's 2000 ms (section 9). */
export const showToast = (text: string, tone: TToast['tone'] = 'success') => {
  const store = getDefaultStore();
  const id = nextToastId++;
  store.set(toastsAtom, (current) => [...current, { id, text, tone }]);
  setTimeout(
    () => store.set(toastsAtom, (current) => current.filter((toast) => toast.id !== id)),
    toastDurationMs,
  );
};
