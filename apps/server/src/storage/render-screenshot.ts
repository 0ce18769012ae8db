import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Flags for Chromium in a server: no sandbox (containers), no GPU, nothing phoning home. */
export const SERVER_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--hide-scrollbars',
  '--mute-audio',
];
const FLAGS = ['--headless', ...SERVER_CHROMIUM_FLAGS];

export interface ScreenshotOptions {
  width: number;
  height: number;
  /** Virtual time the page gets to load and animate before the shot (ms). */
  settleMs?: number;
  /** The whole run, Chromium's start included (ms). */
  timeoutMs?: number;
}

/**
 * A PNG of `url` at width×height, taken by headless Chromium (`chromium` is its executable) into
 * `file`: the backup image of a creative's render. Each shot has its own throwaway profile. Throws
 * with Chromium's last words when it fails or takes too long.
 */
export async function renderScreenshot(
  chromium: string,
  url: string,
  file: string,
  { width, height, settleMs = 3_000, timeoutMs = 60_000 }: ScreenshotOptions,
): Promise<void> {
  const profile = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'adstudio-chromium-'));
  const shot = path.join(profile, 'shot.png');
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        chromium,
        [
          ...FLAGS,
          `--user-data-dir=${profile}`,
          `--window-size=${width},${height}`,
          `--virtual-time-budget=${settleMs}`,
          // Chromium picks the image type by the extension, so it writes beside its profile first.
          `--screenshot=${shot}`,
          url,
        ],
        { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 },
        (error, _stdout, stderr) => {
          if (!error) return resolve();
          const last = stderr.trim().split('\n').at(-1) ?? '';
          reject(new Error(`Chromium could not render the creative${last ? `: ${last}` : ''}.`));
        },
      );
    });
    const stat = await fs.promises.stat(shot).catch(() => undefined);
    if (!stat?.size) throw new Error('Chromium wrote no screenshot.');
    await fs.promises.copyFile(shot, file);
  } finally {
    await fs.promises.rm(profile, { recursive: true, force: true });
  }
}
