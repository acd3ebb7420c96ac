import { Icon } from '@/components/Icon';
import { useI18nContext } from '@/i18n/i18n-react';
import { useConnectivity } from '@/platform/connectivity';

const notices = {
  offline: {
    testId: 'notice-offline',
    icon: 'wifiOff',
    tone: 'bg-error',
  },
  restored: {
    testId: 'notice-restored',
    icon: 'wifi',
    tone: 'bg-primary-700 dark:bg-primary-600',
  },
} as const;

/**
 * The two notices at the bottom left (spec section 2): red while offline, primary colour for
 * 5000 ms after the connection is back (the connectivity machine times it).
 */
export const ConnectivityNotices = () => {
  const { LL } = useI18nContext();
  const connectivity = useConnectivity();
  const notice = connectivity === 'online' ? null : notices[connectivity];
  const text = connectivity === 'offline' ? LL.connectivity.disconnected() : LL.connectivity.restored();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 left-4 z-50 max-w-[calc(100vw-2rem)]"
    >
      {notice ? (
        <p
          data-testid={notice.testId}
          className={`pointer-events-auto flex items-center gap-2 rounded-md px-4 py-3 font-medium text-sm text-white shadow-lg ${notice.tone}`}
        >
          <Icon name={notice.icon} className="size-5 shrink-0" />
          {text}
        </p>
      ) : null}
    </div>
  );
};
