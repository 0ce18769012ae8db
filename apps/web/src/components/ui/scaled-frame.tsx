import { AD_SANDBOX } from '@adstudio/contract';
import Box from '@mui/material/Box';

/**
 * A render in the sandbox (docs/design.md §9, contract `AD_SANDBOX`): scripts and popups (its
 * click-through opening outside the sandbox) and never `allow-same-origin`, so the ad's code cannot
 * reach the app's cookies or DOM. Laid out at the creative's size and shown at `scale` inside a
 * box of the scaled size. `reload` changes to play it again from the start.
 */
export function ScaledFrame({
  src,
  width,
  height,
  scale,
  title,
  reload = 0,
}: {
  src: string;
  width: number;
  height: number;
  scale: number;
  /** The frame's accessible name: "Preview of version 3". */
  title: string;
  reload?: number;
}) {
  return (
    <Box
      sx={{
        width: width * scale,
        height: height * scale,
        overflow: 'hidden',
        outline: 1,
        outlineColor: 'divider',
        bgcolor: '#fff',
      }}
    >
      <iframe
        key={reload}
        src={src}
        title={title}
        sandbox={AD_SANDBOX}
        width={width}
        height={height}
        style={{ border: 0, display: 'block', transform: `scale(${scale})`, transformOrigin: '0 0' }}
      />
    </Box>
  );
}
