import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';

/**
 * The look of a small switch without its control: for a menu item that is itself the
 * `menuitemcheckbox`, where a real Switch (a focusable button and checkbox) would nest one
 * interactive control inside another.
 */
export function SwitchIndicator({ checked }: { checked: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      data-checked={checked}
      sx={(theme) => ({
        position: 'relative',
        display: 'inline-block',
        flexShrink: 0,
        width: 30,
        height: 16,
        ml: 1,
        borderRadius: 8,
        bgcolor: checked ? alpha(theme.palette.primary.main, 0.5) : theme.palette.action.disabled,
        transition: theme.transitions.create('background-color', {
          duration: theme.transitions.duration.shortest,
        }),
        '&::after': {
          content: '""',
          position: 'absolute',
          top: 2,
          left: checked ? 16 : 2,
          width: 12,
          height: 12,
          borderRadius: '50%',
          bgcolor: checked ? 'primary.main' : 'grey.50',
          boxShadow: theme.shadows[1],
          transition: theme.transitions.create('left', { duration: theme.transitions.duration.shortest }),
        },
      })}
    />
  );
}
