import { and, asc, eq, inArray } from 'drizzle-orm';
import { eventLink, menuLinkAttributes, productLink, termLink } from '../../../core/links.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { notFound } from '../../api/errors.ts';
import type { RequestContext } from '../../api/request-context.ts';
import type { SlugRow } from '../../kernel/translated-slugs.ts';
import { groupTexts, readLanguages, textFor, uiLanguage } from '../../kernel/translations.ts';
import { categorySlugs, productSlugs } from '../catalogue/catalogue.service.ts';
import type { NavigationNode } from './cms.contract.ts';
import {
  type NavigationLinkType,
  navigationHandles,
  navigationItems,
  navigationItemTranslations,
  navigationMenus,
} from './cms.schema.ts';
import type { CmsReadDeps } from './cms-reads.ts';
import { postSlugs, termSlugs } from './finder.service.ts';

type LinkedItem = { linkType: NavigationLinkType; targetId: number | null };

/** Menus as trees of links; an item whose target is gone or unpublished is left out. */
export function createNavigationReads({ db, cachedRead }: CmsReadDeps) {
  /** Slugs of link targets in the request language (fallback default), by link type and id. */
  async function targetSlugs(
    ctx: RequestContext,
    type: NavigationLinkType,
    ids: number[],
  ): Promise<Map<number, { slug: string; type?: string }>> {
    const query = { siteId: ctx.site.id, ids, languages: readLanguages(ctx) };
    const pick = <T extends SlugRow>(rows: T[]) => {
      const grouped = groupTexts(rows, (row) => row.id);
      return new Map([...grouped].map(([id, texts]) => [id, textFor(texts, ctx)!]));
    };
    switch (type) {
      case 'page':
      case 'post':
        return pick(await postSlugs(db, query));
      case 'term':
        return pick(await termSlugs(db, query));
      case 'product':
        return pick(await productSlugs(db, query));
      case 'category':
        return pick(await categorySlugs(db, query));
      default:
        return new Map<number, { slug: string; type?: string }>();
    }
  }

  /**
   * Where items lead in the request language: [baseLink, link] by item, undefined when the target is
   * gone or unpublished (the menu hides such an item; the editor says so).
   */
  async function linkResolver(ctx: RequestContext, items: LinkedItem[]) {
    const language = uiLanguage(ctx.language);
    const idsOf = (type: NavigationLinkType) =>
      items.filter((item) => item.linkType === type && item.targetId !== null).map((item) => item.targetId!);
    const types = ['page', 'post', 'term', 'product', 'category'] as const;
    const slugMaps = new Map(
      await Promise.all(
        types.map(async (type) => [type, await targetSlugs(ctx, type, idsOf(type))] as const),
      ),
    );

    /** [baseLink, link]; undefined when the target is gone or unpublished, which hides the item. */
    return function resolve(item: LinkedItem, url: string | null): [string, string] | undefined {
      switch (item.linkType) {
        case 'external':
        case 'static':
          return url ? [url, url] : undefined;
        case 'event':
          return [String(item.targetId), eventLink(item.targetId!, language)];
        case 'category': {
          const target = slugMaps.get('category')?.get(item.targetId!);
          return target && [target.slug, localizedPath('shop', language, { slug: target.slug })];
        }
        case 'product': {
          const target = slugMaps.get('product')?.get(item.targetId!);
          return target && [target.slug, productLink(target.slug, language)];
        }
        default: {
          const target = slugMaps.get(item.linkType)?.get(item.targetId!);
          return (
            target && [
              target.slug,
              termLink({ type: target.type ?? item.linkType, slug: target.slug }, language),
            ]
          );
        }
      }
    };
  }

  async function navigationTree(ctx: RequestContext, id: string): Promise<NavigationNode[]> {
    const handle = navigationHandles.find((candidate) => candidate === id);
    if (!handle) throw notFound(`There is no navigation '${id}'.`);
    return cachedRead(ctx, 'navigation', handle, async () => {
      const [menu] = await db
        .select({ id: navigationMenus.id })
        .from(navigationMenus)
        .where(and(eq(navigationMenus.siteId, ctx.site.id), eq(navigationMenus.handle, handle)));
      if (!menu) throw notFound(`There is no navigation '${handle}'.`);
      const items = await db
        .select()
        .from(navigationItems)
        .where(eq(navigationItems.menuId, menu.id))
        .orderBy(asc(navigationItems.position), asc(navigationItems.id));
      const texts = groupTexts(
        items.length === 0
          ? []
          : await db
              .select()
              .from(navigationItemTranslations)
              .where(
                and(
                  inArray(
                    navigationItemTranslations.itemId,
                    items.map((item) => item.id),
                  ),
                  inArray(navigationItemTranslations.languageCode, readLanguages(ctx)),
                ),
              ),
        (row) => row.itemId,
      );
      const resolve = await linkResolver(ctx, items);

      const build = (parentId: number | null): NavigationNode[] =>
        items
          .filter((item) => item.parentId === parentId)
          .flatMap((item) => {
            const text = textFor(texts.get(item.id), ctx);
            const resolved = resolve(item, text?.url ?? item.url);
            if (!text || !resolved) return [];
            const [baseLink, link] = resolved;
            const isExternal = item.linkType === 'external';
            const attributes = menuLinkAttributes({
              href: link,
              isExternal,
              rel: item.rel,
              target: item.target,
            });
            return [
              {
                id: item.id,
                title: text.title,
                link,
                baseLink,
                children: build(item.id),
                externalLink: isExternal ? link : null,
                isExternal,
                parent_id: item.parentId,
                rel: attributes.rel ?? null,
                target: attributes.target ?? null,
                formattedPath: link,
                icon: item.icon,
              },
            ];
          });
      return build(null);
    });
  }

  return { navigationTree, linkResolver };
}
