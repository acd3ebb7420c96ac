import { useEffect, useState } from 'react';
import { useI18nContext } from '@/i18n/i18n-react';

/**
 * The quiet loading state while the session is still being found out: nothing for the first
 * 300 ms (most checks finish by then), then a small spinner. Never the login page.
 */
export const QuietLoading = ({ fullScreen = false }: { fullScreen?: boolean }) => {
  const { LL } = useI18nContext();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), 300);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center ${fullScreen ? 'min-h-screen' : 'min-h-[40vh]'}`}
    >
      <span className="sr-only">{LL.layout.loading()}</span>
      {visible ? (
        <span
          aria-hidden="true"
          className="size-7 animate-spin rounded-full border-[3px] border-primary-200 border-t-primary-700 dark:border-slate-700 dark:border-t-primary-300"
        />
      ) : null}
    </div>
  );
};
