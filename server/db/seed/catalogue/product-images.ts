import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { media } from '../../../modules/media/media.schema.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import type { Db } from '../../client.ts';
import { type Illustration, illustrationSize, illustrationSvg } from './illustrations.ts';

export type RenderedImage = { data: Buffer; width: number; height: number; hash: string };

/** Renders an illustration to JPEG. Same input, same bytes: the file name is the content hash. */
export async function renderIllustration(illustration: Illustration, title: string): Promise<RenderedImage> {
  const { width, height } = illustrationSize(illustration);
  const data = await sharp(Buffer.from(illustrationSvg(illustration, title)))
    .jpeg({ quality: 80 })
    .toBuffer();
  return { data, width, height, hash: createHash('sha256').update(data).digest('hex') };
}

/** `title` names the product or value shown; it doubles as the alt text unless a description is given. */
export type StoredImage = { illustration: Illustration; title: string; description?: string; slug: string };

/**
 * Renders the images, stores them as `products/<hash>.jpg` and inserts their media rows, in input
 * order. Rendering runs concurrently (sharp works off the main thread); an object that exists
 * already has the same bytes, because its name is their hash.
 */
export async function storeProductImages(
  db: Db,
  context: { siteId: number; storage: FileStorage },
  images: StoredImage[],
): Promise<number[]> {
  if (images.length === 0) return [];
  const rendered = await Promise.all(
    images.map(async (image) => {
      const result = await renderIllustration(image.illustration, image.title);
      await context.storage.put(`products/${result.hash}.jpg`, result.data, { contentType: 'image/jpeg' });
      return result;
    }),
  );
  const rows = await db
    .insert(media)
    .values(
      images.map((image, index) => {
        const result = rendered[index]!;
        return {
          siteId: context.siteId,
          path: `products/${result.hash}.jpg`,
          title: image.title,
          description: image.description ?? image.title,
          mime: 'image/jpeg',
          extension: 'jpg',
          width: result.width,
          height: result.height,
          size: result.data.length,
          hash: result.hash,
          access: 'public' as const,
          originalName: `${image.slug}.jpg`,
        };
      }),
    )
    .returning({ id: media.id });
  return rows.map((row) => row.id);
}
