import { atom } from 'jotai';
import type { TWorkQueue } from '@/domain/workQueue';

/** The signed-in user's work queue as last read: one copy for the bell, the home card and the palette. */
export type TWorkQueueState =
  | { state: 'idle' }
  | { state: 'loading'; previous: TWorkQueue | null }
  | { state: 'ready'; queue: TWorkQueue; at: number }
  | { state: 'failed'; previous: TWorkQueue | null };

export const workQueueAtom = atom<TWorkQueueState>({ state: 'idle' });

/** The queue to show: the last one read, kept on screen while a fresh read runs or after it failed. */
export const shownQueue = (current: TWorkQueueState): TWorkQueue | null =>
  current.state === 'ready' ? current.queue : current.state === 'idle' ? null : current.previous;
