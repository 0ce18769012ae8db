import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { IAB_SIZES, sizeLabel } from '@adstudio/contract';
import type { Executor } from '../../db/database';
import { nowIso } from '../../lib/time';
import { demoImage, type MediaFacts, makeThumbnail, probeMedia } from '../../storage/media-probe';
import { type ObjectStore, scratchFile } from '../../storage/object-store';
import { seedCreations } from '../audit';

// Demo rows go straight into the tables, as a migration's data would, inside cli/seed-demo.ts's transaction.

/** One background per IAB size, so a size reads the same wherever it shows. */
const BACKGROUNDS = ['#1e88e5', '#43a047', '#8e24aa', '#f4511e', '#00897b', '#3949ab', '#c0ca33', '#6d4c41'];

interface DemoImage {
  bytes: Buffer;
  facts: MediaFacts;
  thumbnail: Buffer | null;
}

/**
 * Two or three real PNG assets per demo creative, stored as a claim stores them (file and WebP
 * thumbnail on disk, sha256 and size measured): one at the creative's size, its fallback, and one
 * or two key visuals of other IAB sizes. Each size is drawn once and its bytes reused, so seeding
 * stays quick. Answers each creative's fallback asset.
 */
export async function seedAssets(
  db: Executor,
  disk: ObjectStore,
  scope: { companyId: number; userId: number },
  creatives: readonly { id: number; width: number; height: number }[],
): Promise<{ creativeId: number; assetId: number }[]> {
  const drawn = new Map<number, Promise<DemoImage>>();
  const imageOf = (index: number) => {
    let image = drawn.get(index);
    if (!image) {
      image = draw(index);
      drawn.set(index, image);
    }
    return image;
  };

  const now = nowIso();
  const fallbacks: { creativeId: number; assetId: number }[] = [];
  const creations = [];
  for (const [n, creative] of creatives.entries()) {
    const own = IAB_SIZES.findIndex((s) => s.width === creative.width && s.height === creative.height);
    const sizes = [own, own + 1, own + 3]
      .slice(0, 2 + (n % 2))
      .map((i) => (i + IAB_SIZES.length) % IAB_SIZES.length);
    for (const [k, index] of sizes.entries()) {
      const size = IAB_SIZES[index]!;
      const image = await imageOf(index);
      const base = `${scope.companyId}/${creative.id}/${randomUUID()}`;
      const storageKey = `assets/${base}.png`;
      const thumbnailKey = image.thumbnail ? `thumbnails/${base}.webp` : null;
      await disk.writeBytes(storageKey, image.bytes);
      if (thumbnailKey) await disk.writeBytes(thumbnailKey, image.thumbnail!);
      const name = `${k === 0 ? 'backup' : 'key-visual'}-${sizeLabel(size)}.png`;
      const fields = {
        creative_id: creative.id,
        name,
        original_name: name,
        content_type: 'image/png',
        extension: 'png',
        size: image.bytes.length,
        sha256: image.facts.sha256,
        width: image.facts.width,
        height: image.facts.height,
      };
      const row = await db
        .insertInto('assets')
        .values({
          ...fields,
          company_id: scope.companyId,
          storage_key: storageKey,
          thumbnail_key: thumbnailKey,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (k === 0 && own >= 0) fallbacks.push({ creativeId: creative.id, assetId: row.id });
      creations.push({ entityId: row.id, fields });
    }
  }
  await seedCreations(db, { ...scope, entityType: 'asset' }, now, creations);
  return fallbacks;
}

/** Draws the image of one IAB size, measures it and makes its thumbnail as a claim would. */
async function draw(index: number): Promise<DemoImage> {
  const size = IAB_SIZES[index]!;
  const bytes = await demoImage(
    size.width,
    size.height,
    size.label,
    BACKGROUNDS[index % BACKGROUNDS.length]!,
  );
  const scratch = await scratchFile('demo.png', 'adstudio-seed-');
  await fs.promises.writeFile(scratch.path, bytes);
  try {
    const [facts, thumbnail] = await Promise.all([
      probeMedia(scratch.path, 'image/png'),
      makeThumbnail(scratch.path),
    ]);
    return { bytes, facts, thumbnail };
  } finally {
    await scratch.release();
  }
}
