import { useSyncExternalStore } from 'react';
import { mobileBreakpoint } from '@/domain/constants';

const subscribe = (query: string) => (onChange: () => void) => {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    subscribe(query),
    () => window.matchMedia(query).matches,
    () => false,
  );

/** At or above the mobile breakpoint (1264 px) the sidebar pushes the page; below it overlays. */
export const useIsWide = (): boolean => useMediaQuery(`(min-width: ${mobileBreakpoint}px)`);
