import { useConnectivity } from '@/app/connectivity';
import { Icon } from '@/components/Icon';
import { useI18nContext } from '@/i18n/i18n-react';

/**
 * The two notices at the bottom left (spec section 2): red while offline, primary colour for
 * 5000 ms after the connection is back (the connectivity machine times it).
 */
export const ConnectivityNotices = () => {
  const { LL } = useI18nContext();
  const connectivity = useConnectivity();
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed bottom-4 left-4 z-50 max-w-[calc(100vw-2rem)]"
    >
      {connectivity === 'offline' ? (
        <p
          data-testid="notice-offline"
          className="pointer-events-auto flex items-center gap-2 rounded-md bg-error px-4 py-3 font-medium text-sm text-white shadow-lg"
        >
          <Icon name="wifiOff" className="size-5 shrink-0" />
          {LL.connectivity.disconnected()}
        </p>
      ) : null}
      {connectivity === 'restored' ? (
        <p
          data-testid="notice-restored"
          className="pointer-events-auto flex items-center gap-2 rounded-md bg-primary-700 px-4 py-3 font-medium text-sm text-white shadow-lg dark:bg-primary-600"
        >
          <Icon name="wifi" className="size-5 shrink-0" />
          {LL.connectivity.restored()}
        </p>
      ) : null}
    </div>
  );
};
