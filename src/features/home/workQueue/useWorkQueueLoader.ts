import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { TWorkQueue } from '@/domain/workQueue';
import { api } from '@/platform/api/client';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { workQueueRefreshAtom } from '@/state/workQueue';
import { mayHaveWorkQueue } from './mayHaveWorkQueue';
import { shownQueue, workQueueAtom } from './workQueueState';

/** A page change reads the queue again when the last read is older than this. */
const freshForMs = 30_000;
/** And a page left open reads it this often. */
const everyMs = 120_000;

/**
 * Keeps the work queue read while a user who may have one is signed in (mounted once, by the bell): on sign-in, when
 * asked (`useRefreshWorkQueue`), on a page change once the last read is 30 seconds old, and every
 * 2 minutes. Only the newest answer is kept.
 */
export const useWorkQueueLoader = () => {
  const { status, user } = useSession();
  const wanted = status === 'signedIn' && mayHaveWorkQueue(user);
  const setCurrent = useSetAtom(workQueueAtom);
  const refresh = useAtomValue(workQueueRefreshAtom);
  const { pathname } = useLocation();
  // The items' titles are in the reader's language: a language switch reads them again.
  const locale = useRouteLocale();
  const [tick, setTick] = useState(0);
  const last = useRef<{ at: number; refresh: number; tick: number; locale: string } | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const timer = window.setInterval(() => setTick((value) => value + 1), everyMs);
    return () => window.clearInterval(timer);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a page change reads again once the queue is stale
  useEffect(() => {
    if (!wanted) {
      last.current = null;
      setCurrent({ state: 'idle' });
      return;
    }
    const asked =
      last.current !== null &&
      (last.current.refresh !== refresh || last.current.tick !== tick || last.current.locale !== locale);
    const stale = last.current === null || Date.now() - last.current.at >= freshForMs;
    if (!asked && !stale) return;
    last.current = { at: Date.now(), refresh, tick, locale };
    latest.current += 1;
    const request = latest.current;
    setCurrent((before) => ({ state: 'loading', previous: shownQueue(before) }));
    api<TWorkQueue>('/work-queue', { errorMode: 'log' }).then(
      (queue) => {
        if (request === latest.current) setCurrent({ state: 'ready', queue, at: Date.now() });
      },
      () => {
        if (request === latest.current)
          setCurrent((before) => ({ state: 'failed', previous: shownQueue(before) }));
      },
    );
  }, [wanted, refresh, tick, pathname, locale, setCurrent]);
};
