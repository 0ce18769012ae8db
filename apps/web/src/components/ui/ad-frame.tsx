import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useElementWidth } from '../../lib/element-width';
import { ScaledFrame } from './scaled-frame';

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
 * A package rendered in the sandbox (`ScaledFrame`) at the creative's size, scaled down to fit the
 * panel; Replay reloads it. The URL is kept from the first render (a list refetch signs a new one,
 * which must not restart the ad); Replay takes the latest.
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
  const roomWidth = useElementWidth(room);
  const [frame, setFrame] = useState({ src, loads: 0 });

  const scale = fitScale({ width, height }, { width: roomWidth, height: maxHeight });
  return (
    <Box
      ref={room}
      // Measures the room its container gives and never widens it: the frame's own size (a 970 px
      // billboard, or any ad before the first measure) must not push a phone's page sideways.
      sx={{ width: '100%', contain: 'inline-size', display: 'grid', gap: 1, justifyItems: 'start' }}
    >
      <ScaledFrame
        src={frame.src}
        reload={frame.loads}
        width={width}
        height={height}
        scale={scale}
        title={title}
      />
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
