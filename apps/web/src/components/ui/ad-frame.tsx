import { AD_SANDBOX } from '@adstudio/contract';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState } from 'react';

/** How far to shrink a `width`×`height` frame to fit `room` (never enlarged; 0 room → 1). */
export function fitScale(
  size: { width: number; height: number },
  room: { width: number; height?: number | undefined },
): number {
  const scales = [1];
  if (room.width > 0) scales.push(room.width / size.width);
  if (room.height !== undefined && room.height > 0) scales.push(room.height / size.height);
  return Math.min(...scales);
}

/**
 * A package rendered in the sandbox (docs/design.md §9, contract `AD_SANDBOX`): scripts and popups
 * (its click-through opening outside the sandbox) and never `allow-same-origin`, so the ad's code
 * cannot reach the app's cookies or DOM. Shown at the
 * creative's size, scaled down to fit the panel; Replay reloads it. The URL is kept from the first
 * render (a list refetch signs a new one, which must not restart the ad); Replay takes the latest.
 */
export function AdFrame({
  src,
  width,
  height,
  title,
  maxHeight = 600,
}: {
  src: string;
  width: number;
  height: number;
  /** The frame's accessible name: "Preview of version 3". */
  title: string;
  maxHeight?: number;
}) {
  const room = useRef<HTMLDivElement>(null);
  const [roomWidth, setRoomWidth] = useState(0);
  const [frame, setFrame] = useState({ src, loads: 0 });

  useLayoutEffect(() => {
    const element = room.current;
    if (!element) return;
    setRoomWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setRoomWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = fitScale({ width, height }, { width: roomWidth, height: maxHeight });
  return (
    <Box
      ref={room}
      // Measures the room its container gives and never widens it: the frame's own size (a 970 px
      // billboard, or any ad before the first measure) must not push a phone's page sideways.
      sx={{ width: '100%', contain: 'inline-size', display: 'grid', gap: 1, justifyItems: 'start' }}
    >
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
          key={frame.loads}
          src={frame.src}
          title={title}
          sandbox={AD_SANDBOX}
          width={width}
          height={height}
          style={{ border: 0, display: 'block', transform: `scale(${scale})`, transformOrigin: '0 0' }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ReplayIcon />}
          onClick={() => setFrame((current) => ({ src, loads: current.loads + 1 }))}
        >
          Replay
        </Button>
        <Typography variant="caption" color="textSecondary">
          {width} × {height}
          {scale < 1 ? ` · shown at ${Math.round(scale * 100)} %` : ''}
        </Typography>
      </Box>
    </Box>
  );
}
