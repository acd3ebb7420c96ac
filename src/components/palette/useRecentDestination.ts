import { useEffect } from 'react';
import { useSession } from '@/platform/session';
import { rememberDestination, type TRecentDestination } from './recentDestinations';

/** Remembers a destination for the signed-in user in this browser; failures are silent. */
export const rememberForUser = (username: string | undefined, destination: TRecentDestination): void => {
  if (!username || typeof localStorage === 'undefined') return;
  rememberDestination(localStorage, username, destination);
};

/**
 * Call it where a destination is rendered (a list, a record's edit page, home...): the palette then
 * offers it under 'Recent'. `null` while there is nothing to remember yet (the record is loading).
 */
export const useRecentDestination = (destination: TRecentDestination | null): void => {
  const { user } = useSession();
  const username = user?.username;
  // The value, not the object: callers build a new one on every render.
  const key = destination ? JSON.stringify(destination) : '';
  useEffect(() => {
    if (key) rememberForUser(username, JSON.parse(key) as TRecentDestination);
  }, [username, key]);
};
