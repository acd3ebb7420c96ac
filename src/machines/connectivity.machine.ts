import { type ActorRefFrom, setup } from 'xstate';
import { noticeTimeoutMs } from './timing';

export type TConnectivityInput = { online: boolean };
export type TConnectivityEvent = { type: 'ONLINE' } | { type: 'OFFLINE' };

/**
 * Network status for the two notices of the default layout: the offline notice shows in `offline`,
 * the restored notice in `restored` for `noticeTimeout` before returning to `online`.
 * The client feeds it the browser's online/offline events.
 */
export const connectivityMachine = setup({
  types: {
    input: {} as TConnectivityInput,
    context: {} as { startedOnline: boolean },
    events: {} as TConnectivityEvent,
  },
  guards: {
    startedOnline: ({ context }) => context.startedOnline,
  },
  delays: {
    noticeTimeout: noticeTimeoutMs,
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ startedOnline: input.online }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'startedOnline', target: 'online' }, { target: 'offline' }],
    },
    online: {
      on: { OFFLINE: 'offline' },
    },
    offline: {
      on: { ONLINE: 'restored' },
    },
    restored: {
      after: { noticeTimeout: 'online' },
      on: { OFFLINE: 'offline' },
    },
  },
});

export type TConnectivityActor = ActorRefFrom<typeof connectivityMachine>;
