import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RequestContext } from '../../api/request-context.ts';
import { readLanguages } from '../../kernel/translations.ts';
import { type ElementHandler, elements } from './cms.schema.ts';
import type { CmsReadDeps } from './cms-reads.ts';

/** Static elements (header, footer, cookie notice ...) in the request language, else the default one. */
export function createElementReads({ db, cachedRead }: CmsReadDeps) {
  async function elementsByHandlers(ctx: RequestContext, handlers: ElementHandler[]) {
    return cachedRead(ctx, 'elements', [...handlers].sort(), async () => {
      const rows = await db
        .select()
        .from(elements)
        .where(
          and(
            eq(elements.siteId, ctx.site.id),
            inArray(elements.handler, handlers),
            inArray(elements.languageCode, readLanguages(ctx)),
          ),
        )
        .orderBy(asc(elements.id));
      return handlers.flatMap((handler) => {
        const candidates = rows.filter((row) => row.handler === handler);
        const row =
          candidates.find((candidate) => candidate.languageCode === ctx.language) ??
          candidates.find((candidate) => candidate.languageCode === ctx.site.defaultLanguage);
        if (!row) return [];
        return [
          {
            id: row.id,
            handler: row.handler,
            type: 'static-element' as const,
            language_code: row.languageCode,
            title: row.title,
            slug: row.slug,
            meta: row.meta,
            mobileMeta: row.mobileMeta,
            options: row.options,
            mobileOptions: row.mobileOptions,
            parts: row.parts,
            created_at: row.createdAt.toISOString(),
          },
        ];
      });
    });
  }

  return { elementsByHandlers };
}
