import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { fetchSetup } from '@/platform/api/setup';
import { setupAtom, type TSetup } from '@/state/setup';

/**
 * After a change to the app name or the app logo: the top bar and the sidebar show it at once (the
 * setup atom takes the new values), then the setup is read again so it matches the server.
 */
export const useRefreshSetup = () => {
  const setSetup = useSetAtom(setupAtom);
  return useCallback(
    async (changed: Partial<TSetup['generals']>) => {
      setSetup((current) => ({
        languages: current?.languages ?? [],
        generals: { ...current?.generals, ...changed },
      }));
      const fresh = await fetchSetup();
      if (fresh) setSetup(fresh);
    },
    [setSetup],
  );
};
