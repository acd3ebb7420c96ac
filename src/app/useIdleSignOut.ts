import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { loginPath } from '@/platform/guards';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';

/** Shared by the tabs of one browser: activity in any of them keeps the session. */
const lastActivityKey = 'session.lastActivity';
const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** Writing the time on every key would be wasteful: once every few seconds is precise enough. */
const recordEveryMs = 5_000;

const readLastActivity = (): number => Number(localStorage.getItem(lastActivityKey)) || Date.now();

/**
 * Signs the user out after `minutes` without a key, click or scroll in any tab (the system setting
 * `sessionIdleMinutes`), then shows the login page saying why.
 */
export const useIdleSignOut = (minutes: number, enabled: boolean): void => {
  const { logout } = useSession();
  const navigate = useNavigate();
  const locale = useRouteLocale();
  useEffect(() => {
    if (!enabled) return;
    const limitMs = minutes * 60_000;
    let lastRecorded = 0;
    const record = () => {
      const now = Date.now();
      if (now - lastRecorded < recordEveryMs) return;
      lastRecorded = now;
      localStorage.setItem(lastActivityKey, String(now));
    };
    record();
    for (const name of activityEvents) window.addEventListener(name, record, { passive: true });
    const check = setInterval(() => {
      if (Date.now() - readLastActivity() < limitMs) return;
      clearInterval(check);
      void logout().then(() =>
        navigate(loginPath(locale), { replace: true, state: { idleMinutes: minutes } }),
      );
    }, 15_000);
    return () => {
      clearInterval(check);
      for (const name of activityEvents) window.removeEventListener(name, record);
    };
  }, [minutes, enabled, logout, navigate, locale]);
};
