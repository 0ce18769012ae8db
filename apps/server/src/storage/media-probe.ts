import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { THUMBNAIL_BOX } from '@adstudio/contract';
import sharp from 'sharp';
import { type PixelSize, positive, videoPixelSize } from './video-size';

export { videoPixelSize } from './video-size';

export interface MediaFacts {
  sha256: string;
  width: number | null;
  height: number | null;
}

/** How a file is measured: this module's two functions, or a stand-in (tests). */
export interface MediaProbe {
  probeMedia(file: string, contentType: string): Promise<MediaFacts>;
  makeThumbnail(file: string): Promise<Buffer | null>;
}

/**
 * Decompression-bomb guard: an image whose header declares more pixels than this is never decoded.
 * `probeMedia` answers null sizes for it and `makeThumbnail` null, so the file is kept as it is, unmeasured.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * Image types whose size is read (by sharp, from the header): the images an asset may be. SVG is
 * left out: it is markup, not pixels.
 */
export const SIZED_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/apng',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
]);
/** sharp decoders a thumbnail may come from (`heif` covers AVIF); never SVG, PDF or the like. */
const THUMBNAIL_FORMATS = new Set(['png', 'jpeg', 'gif', 'webp', 'heif']);

/**
 * sha256 of the whole file (streamed, memory flat) and, for images and video, its pixel size.
 *
 * Sizes are null whenever the file does not tell them plainly: another type, unreadable or truncated
 * headers, an image over `MAX_IMAGE_PIXELS` (the bomb guard), Ogg and other video containers.
 * Images report their displayed size (EXIF orientation applied), video its track's presentation size
 * (a 90° rotation matrix swaps it). Throws only when the file itself cannot be read.
 */
export async function probeMedia(file: string, contentType: string): Promise<MediaFacts> {
  const [sha256, size] = await Promise.all([sha256Of(file), pixelSizeOf(file, contentType)]);
  return { sha256, width: size?.width ?? null, height: size?.height ?? null };
}

/**
 * A WebP thumbnail inside THUMBNAIL_BOX keeping proportions, never enlarging, EXIF orientation applied;
 * null when the file is not a PNG, JPEG, GIF, WebP or AVIF image that sharp can read within
 * `MAX_IMAGE_PIXELS`. Animated GIF/WebP: first frame.
 */
export async function makeThumbnail(file: string): Promise<Buffer | null> {
  try {
    const image = sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true });
    const { format } = await image.metadata();
    if (!THUMBNAIL_FORMATS.has(format)) return null;
    return await image
      .resize(THUMBNAIL_BOX, THUMBNAIL_BOX, { fit: 'inside', withoutEnlargement: true })
      .webp()
      .toBuffer();
  } catch {
    return null;
  }
}

/** A PNG of width×height for demo data: a coloured background, a border and the label + size written on it. */
export async function demoImage(
  width: number,
  height: number,
  label: string,
  background: string,
): Promise<Buffer> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`demo image size must be positive integers, got ${width}×${height}`);
  }
  if (width * height > MAX_IMAGE_PIXELS) throw new RangeError(`demo image too large: ${width}×${height}`);
  const size = `${width}×${height}`;
  const longest = Math.max(label.length, size.length);
  // Two lines that fit both ways: a bold sans glyph is about 0.6 em wide.
  const fontSize = Math.max(4, Math.min(height / 3, (width * 0.9) / (longest * 0.6)));
  const border = Math.max(1, Math.round(Math.min(width, height) / 50));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect x="${border / 2}" y="${border / 2}" width="${width - border}" height="${height - border}"
    fill="none" stroke="rgba(0,0,0,0.45)" stroke-width="${border}"/>
  <g font-family="sans-serif" font-weight="bold" font-size="${fontSize}" text-anchor="middle"
    fill="#fff" stroke="rgba(0,0,0,0.6)" stroke-width="${fontSize / 12}" paint-order="stroke">
    <text x="${width / 2}" y="${height / 2 - fontSize * 0.1}">${escapeXml(label)}</text>
    <text x="${width / 2}" y="${height / 2 + fontSize * 0.9}">${size}</text>
  </g>
</svg>`;
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function pixelSizeOf(file: string, contentType: string): Promise<PixelSize | null> {
  if (SIZED_IMAGE_TYPES.has(contentType)) return imageSize(file);
  if (contentType.startsWith('video/')) return videoPixelSize(file);
  return null;
}

async function imageSize(file: string): Promise<PixelSize | null> {
  try {
    // sharp refuses the header of an image over the limit before decoding anything.
    const { autoOrient } = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
    return positive(autoOrient.width, autoOrient.height);
  } catch {
    return null;
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
