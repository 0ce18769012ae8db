import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useUser } from '../../lib/auth';
import { UserAvatar } from './user-avatar';

const loadPopup = () => import('./user-menu-popup');
const UserMenuPopup = lazy(() => loadPopup().then((module) => ({ default: module.UserMenuPopup })));

/**
 * The avatar button of the account menu. The menu itself (Menu, Popover, its icons) is not part of
 * the first load: it is fetched when the pointer or the focus reaches the button, and mounted from
 * the first opening on, so later ones animate as before.
 */
export function UserMenu() {
  const user = useUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [mounted, setMounted] = useState(false);
  const id = `${useId()}-menu`;
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        onClick={(event) => {
          setMounted(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={() => void loadPopup()}
        onFocus={() => void loadPopup()}
        aria-label={`Account menu for ${user?.name ?? 'you'}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? id : undefined}
        sx={{ p: 0.5 }}
      >
        <UserAvatar />
      </IconButton>
      {mounted ? (
        <Suspense fallback={null}>
          <UserMenuPopup id={id} anchor={anchor} close={close} />
        </Suspense>
      ) : null}
    </>
  );
}
