import { useCallback } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { href, type RouteName } from '../config/paths';
import { currentPath } from './navigation';

/** Navigates unless already at `to` (spec section 8: no redundant navigation). */
export function navigateToHref(
  navigate: NavigateFunction,
  to: string,
  options?: { replace?: boolean },
): void {
  if (to === currentPath()) return;
  void navigate(to, options);
}

/** Navigation by route name: `go('campaign.view', { id })`. */
export function useNavigateTo() {
  const navigate = useNavigate();
  return useCallback(
    <N extends RouteName>(...args: Parameters<typeof href<N>>) => navigateToHref(navigate, href(...args)),
    [navigate],
  );
}
