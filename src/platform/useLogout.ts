import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loginPath } from './guards';
import { useSession } from './session';
import { useRouteLocale } from './useRouteLocale';

/** Logout signs out and then goes to the login page (spec section 2); failure is only logged. */
export const useLogout = (): (() => Promise<void>) => {
  const { logout } = useSession();
  const navigate = useNavigate();
  const locale = useRouteLocale();
  return useCallback(async () => {
    await logout();
    navigate(loginPath(locale), { replace: true });
  }, [logout, navigate, locale]);
};
