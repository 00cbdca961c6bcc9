import { z } from 'zod';
import { defineContract } from '../../../core/contract.ts';

export const igMediaTypes = ['IMAGE', 'VIDEO', 'CAROUSEL_ALBUM'] as const;

/** One Instagram post as the section shows it (the media of the specification: media_type, caption, media_url). */
export const igMediaSchema = z
  .object({
    id: z.string(),
    media_type: z.enum(igMediaTypes),
    caption: z.string(),
    media_url: z.string().meta({ description: 'The image (for a video: its cover image)' }),
    permalink: z.string(),
    timestamp: z.string().nullable(),
  })
  .meta({ id: 'InstagramMedia' });
export type IgMedia = z.output<typeof igMediaSchema>;

export const IG_MAX_POSTS = 24;

export const igByHashtags = defineContract({
  method: 'post',
  path: '/v1/socialGetters/getIgByHashtags',
  tags: ['social'],
  summary: "Recent Instagram posts for the site's InstagramHashtags option (empty when not configured)",
  description:
    'Reads the Instagram Graph API (hashtag search, then recent media of each hashtag) with the configured ' +
    'token; answers are cached. When the API is not configured, fails or is slow the answer is an empty list.',
  body: z
    .object({ limit: z.number().int().min(1).max(IG_MAX_POSTS).default(8) })
    .optional()
    .default({ limit: 8 }),
  output: z.array(igMediaSchema),
});
