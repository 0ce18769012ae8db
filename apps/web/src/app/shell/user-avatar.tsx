import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import Avatar from '@mui/material/Avatar';
import { useUser } from '../../lib/auth';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The signed-in user's picture, or their initials. */
export function UserAvatar({ size = 32 }: { size?: number }) {
  const user = useUser();
  const name = user?.name ?? '';
  return (
    <Avatar
      src={user?.avatar || undefined}
      alt=""
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        bgcolor: 'accent.main',
        color: 'accent.contrastText',
      }}
    >
      {initials(name) || <AccountCircleIcon />}
    </Avatar>
  );
}
