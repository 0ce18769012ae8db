import type { Status } from '@adstudio/contract';
import type { SvgIconComponent } from '@mui/icons-material';
import BrushIcon from '@mui/icons-material/Brush';
import CheckIcon from '@mui/icons-material/Check';
import CircleIcon from '@mui/icons-material/Circle';
import DoneIcon from '@mui/icons-material/Done';
import ImageSearchIcon from '@mui/icons-material/ImageSearch';
import OutgoingMailIcon from '@mui/icons-material/OutgoingMail';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReportIcon from '@mui/icons-material/Report';
import ScienceIcon from '@mui/icons-material/Science';
import Chip, { type ChipProps } from '@mui/material/Chip';

export type StatusColour = 'blue' | 'red' | 'accent' | 'green';

/** How a status shows: its colour, its icon and, when it differs from the value, its label. */
export interface StatusDisplay {
  colour: StatusColour;
  iconName: string;
  icon: SvgIconComponent;
  label?: string;
}

/** Spec section 4: colour and icon of each campaign / creative status. */
export const STATUS_DISPLAY: Readonly<Record<Status, StatusDisplay>> = {
  draft: { colour: 'blue', iconName: 'brush', icon: BrushIcon },
  'action required': { colour: 'red', iconName: 'report', icon: ReportIcon },
  'quality assurance': { colour: 'accent', iconName: 'image_search', icon: ImageSearchIcon },
  testing: { colour: 'accent', iconName: 'science', icon: ScienceIcon },
  delivered: { colour: 'green', iconName: 'outgoing_mail', icon: OutgoingMailIcon },
  ready: { colour: 'blue', iconName: 'done', icon: DoneIcon },
  live: { colour: 'green', iconName: 'play_arrow', icon: PlayArrowIcon },
  finished: { colour: 'blue', iconName: 'check', icon: CheckIcon },
};

/** Backgrounds dark enough for white text in both themes (WCAG AA). */
export const STATUS_COLOURS: Readonly<Record<StatusColour, string>> = {
  blue: '#1565c0',
  red: '#c62828',
  accent: '#5e35b1',
  green: '#2e7d32',
};

const isStatus = (value: string): value is Status => Object.hasOwn(STATUS_DISPLAY, value);

export interface StatusChipProps extends Omit<ChipProps, 'label' | 'icon' | 'color'> {
  status: string | null | undefined;
  /** Another section's look of this status (e.g. a profile's); by default the table above. */
  display?: StatusDisplay | undefined;
  /** In place of the status's icon (e.g. a progress while it runs). */
  icon?: ChipProps['icon'];
}

/** A status with its colour and icon; values without a display show neutral. */
export function StatusChip({ status, display: given, icon, size = 'small', sx, ...rest }: StatusChipProps) {
  if (!status) return null;
  const display = given ?? (isStatus(status) ? STATUS_DISPLAY[status] : null);
  const Icon = display?.icon ?? CircleIcon;
  const background = display ? STATUS_COLOURS[display.colour] : undefined;
  return (
    <Chip
      size={size}
      label={display?.label ?? status}
      icon={icon ?? <Icon fontSize="small" />}
      variant={display ? 'filled' : 'outlined'}
      sx={[
        { textTransform: 'capitalize', fontWeight: 500 },
        background
          ? { bgcolor: background, color: '#fff', '& .MuiChip-icon': { color: '#fff' } }
          : { '& .MuiChip-icon': { fontSize: 10 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      data-status={status}
      data-icon={display?.iconName}
      {...rest}
    />
  );
}
