import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import { browserNetworkInfo, canPrefetch } from '@/platform/prefetch';
import { prefetchScreen } from '@/platform/screenRegistry';

/**
 * A router link that starts loading its screen's code on hover or focus, unless the browser is
 * offline or on a slow 2g connection (spec section 2).
 */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(
  ({ onMouseEnter, onFocus, ...props }, ref) => {
    const prefetch = () => {
      if (canPrefetch(browserNetworkInfo())) prefetchScreen(props.to.split(/[?#]/)[0]);
    };
    return (
      <Link
        ref={ref}
        {...props}
        onMouseEnter={(event) => {
          prefetch();
          onMouseEnter?.(event);
        }}
        onFocus={(event) => {
          prefetch();
          onFocus?.(event);
        }}
      />
    );
  },
);
AppLink.displayName = 'AppLink';
