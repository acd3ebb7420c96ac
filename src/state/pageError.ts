import { atom, getDefaultStore } from 'jotai';
import type { TErrorView } from '@/platform/api/errors';

/**
 * The error view the default layout shows in its main area instead of the page (spec section 8).
 * Tagged with the location it happened on, so a view never outlives a navigation.
 */
export type TPageError = { view: TErrorView; message?: string; locationKey: string };

export const pageErrorAtom = atom<TPageError | null>(null);

let currentLocationKey: () => string = () => 'default';

/** The router registers how to read the current location's key. */
export const setLocationKeyReader = (reader: () => string): void => {
  currentLocationKey = reader;
};

export const showPageError = (view: TErrorView, message?: string): void => {
  getDefaultStore().set(pageErrorAtom, { view, message, locationKey: currentLocationKey() });
};

export const clearPageError = (): void => {
  getDefaultStore().set(pageErrorAtom, null);
};
