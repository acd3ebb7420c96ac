import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { connectivityMachine } from '@/machines/connectivity.machine';

/** One connectivity actor for the app, fed by the browser's online/offline events. */
export const connectivityActor = createActor(connectivityMachine, {
  input: { online: typeof navigator === 'undefined' ? true : navigator.onLine },
});
connectivityActor.start();

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => connectivityActor.send({ type: 'ONLINE' }));
  window.addEventListener('offline', () => connectivityActor.send({ type: 'OFFLINE' }));
}

export type TConnectivity = 'online' | 'offline' | 'restored';

export const useConnectivity = (): TConnectivity =>
  useSelector(connectivityActor, (snapshot) => {
    if (snapshot.matches('offline')) return 'offline';
    if (snapshot.matches('restored')) return 'restored';
    return 'online';
  });
