import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { UiLanguage } from '../../../core/languages.ts';
import { badRequest, conflict } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import { groupTexts, pickText } from '../../kernel/translations.ts';
import { invalidateSiteContent } from '../site/site.service.ts';
import { requireBackofficeUser } from '../users/users.service.ts';
import {
  type NavigationHandle,
  type NavigationLinkType,
  navigationItems,
  navigationItemTranslations,
  navigationMenus,
  navigationLinkTypes as schemaLinkTypes,
} from './cms.schema.ts';
import { createNavigationReads } from './cms-navigation.ts';
import { cmsReadDeps } from './cms-reads.ts';
import {
  NAVIGATION_MESSAGES,
  type NavigationEditItem,
  type NavigationEditState,
  navigationLinkTypes,
  type navigationSave,
} from './navigation-editor.contract.ts';

type SaveBody = z.output<NonNullable<typeof navigationSave.body>>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type ItemRow = typeof navigationItems.$inferSelect;
type TextRow = typeof navigationItemTranslations.$inferSelect;

// Both lists hold the same kinds: the contract's (shared with the browser) and the table's.
const sameKinds: [readonly NavigationLinkType[], readonly (typeof navigationLinkTypes)[number][]] = [
  navigationLinkTypes,
  schemaLinkTypes,
];
void sameKinds;
const TARGET_TYPES: readonly NavigationLinkType[] = ['page', 'post', 'term', 'product', 'category', 'event'];
const field = (index: number, name: string) => `items.${index}.${name}`;

/** http(s) with a host, nothing else (no javascript:, data:, protocol-relative). */
const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};

/**
 * The back office's menu editor. A menu has no version column: its version is a digest of everything
 * it holds (items and their texts in every language), computed under a row lock of the menu inside
 * the save's transaction, so of two saves of one version one wins and the other changes nothing
 * (docs/decisions/0546-navigation-editor.md).
 */
export function createNavigationEditorService({ db, cache }: Pick<Deps, 'db' | 'cache'>) {
  const { linkResolver } = createNavigationReads(cmsReadDeps(db, cache));
  const requireEditor = (ctx: RequestContext) =>
    requireBackofficeUser(db, ctx, NAVIGATION_MESSAGES.backofficeOnly);

  async function menuId(runner: Db | Tx, ctx: RequestContext, handle: NavigationHandle, lock = false) {
    const query = runner
      .select({ id: navigationMenus.id })
      .from(navigationMenus)
      .where(and(eq(navigationMenus.siteId, ctx.site.id), eq(navigationMenus.handle, handle)));
    const [menu] = lock ? await query.for('update') : await query;
    return menu?.id ?? null;
  }

  async function contents(runner: Db | Tx, id: number | null) {
    if (id === null) return { items: [] as ItemRow[], texts: [] as TextRow[] };
    const items = await runner
      .select()
      .from(navigationItems)
      .where(eq(navigationItems.menuId, id))
      .orderBy(asc(navigationItems.position), asc(navigationItems.id));
    const texts =
      items.length === 0
        ? []
        : await runner
            .select()
            .from(navigationItemTranslations)
            .where(
              inArray(
                navigationItemTranslations.itemId,
                items.map((item) => item.id),
              ),
            )
            .orderBy(asc(navigationItemTranslations.itemId), asc(navigationItemTranslations.languageCode));
    return { items, texts };
  }

  const versionOf = ({ items, texts }: { items: ItemRow[]; texts: TextRow[] }) =>
    createHash('sha256')
      .update(
        JSON.stringify([items.map((item) => Object.values(item)), texts.map((text) => Object.values(text))]),
      )
      .digest('base64url')
      .slice(0, 22);

  async function state(
    ctx: RequestContext,
    handle: NavigationHandle,
    language: UiLanguage,
    held: { items: ItemRow[]; texts: TextRow[] },
  ): Promise<NavigationEditState> {
    const inLanguage: RequestContext = { ...ctx, language };
    const resolve = await linkResolver(inLanguage, held.items);
    const texts = groupTexts(held.texts, (row) => row.itemId);
    const depths = new Map<number, number>();
    const ordered: NavigationEditItem[] = [];
    const walk = (parentId: number | null, depth: number) => {
      for (const item of held.items.filter((candidate) => candidate.parentId === parentId)) {
        depths.set(item.id, depth);
        const own = texts.get(item.id)?.[language];
        const shown = own ?? pickText(texts.get(item.id) ?? {}, language, ctx.site.defaultLanguage);
        const url = own?.url ?? item.url;
        ordered.push({
          id: item.id,
          depth,
          title: shown?.title ?? '',
          linkType: item.linkType,
          targetId: item.targetId,
          url,
          link: resolve(item, url)?.[1] ?? null,
          translated: own !== undefined,
        });
        walk(item.id, depth + 1);
      }
    };
    walk(null, 0);
    return { handle, language, version: versionOf(held), items: ordered };
  }

  async function editState(ctx: RequestContext, handle: NavigationHandle, language?: UiLanguage) {
    await requireEditor(ctx);
    const held = await contents(db, await menuId(db, ctx, handle));
    return state(ctx, handle, language ?? (ctx.language as UiLanguage), held);
  }

  /** Field errors that need the database: link targets that are new or changed must exist. */
  async function checkTargets(ctx: RequestContext, body: SaveBody, existing: Map<number, ItemRow>) {
    const changed = body.items
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => {
        const before = item.id === undefined ? undefined : existing.get(item.id);
        return !before || before.linkType !== item.linkType || before.targetId !== (item.targetId ?? null);
      })
      .filter(({ item }) => TARGET_TYPES.includes(item.linkType));
    if (changed.length === 0) return;
    const event = changed.find(({ item }) => item.linkType === 'event');
    if (event) throw badRequest(NAVIGATION_MESSAGES.eventUnchanged, field(event.index, 'linkType'));
    const resolve = await linkResolver(
      ctx,
      changed.map(({ item }) => ({ linkType: item.linkType, targetId: item.targetId ?? null })),
    );
    for (const { item, index } of changed)
      if (!resolve({ linkType: item.linkType, targetId: item.targetId ?? null }, null))
        throw badRequest(NAVIGATION_MESSAGES.target, field(index, 'targetId'));
  }

  /** Field errors the input alone shows: the tree's shape and each item's link. */
  function checkShape(body: SaveBody, existing: Map<number, ItemRow>) {
    const seen = new Set<number>();
    body.items.forEach((item, index) => {
      const previous = index === 0 ? -1 : body.items[index - 1]!.depth;
      if (item.depth > previous + 1) throw badRequest(NAVIGATION_MESSAGES.depth, field(index, 'depth'));
      if (item.id !== undefined && (!existing.has(item.id) || seen.has(item.id)))
        throw badRequest('This item is not in this menu (or is listed twice).', field(index, 'id'));
      if (item.id !== undefined) seen.add(item.id);
      if (TARGET_TYPES.includes(item.linkType)) {
        if (item.targetId === undefined)
          throw badRequest(NAVIGATION_MESSAGES.targetRequired, field(index, 'targetId'));
      } else if (item.linkType === 'external') {
        if (!item.url || !isWebAddress(item.url))
          throw badRequest(NAVIGATION_MESSAGES.externalUrl, field(index, 'url'));
      } else if (!item.url || !/^\/(?!\/)[^\s\\]*$/.test(item.url))
        throw badRequest(NAVIGATION_MESSAGES.staticPath, field(index, 'url'));
    });
  }

  async function save(ctx: RequestContext, handle: NavigationHandle, body: SaveBody) {
    await requireEditor(ctx);
    const inLanguage: RequestContext = { ...ctx, language: body.language };
    // Outside the transaction: a refused save reads, it never waits on the lock.
    const before = await contents(db, await menuId(db, ctx, handle));
    const beforeItems = new Map(before.items.map((item) => [item.id, item]));
    checkShape(body, beforeItems);
    await checkTargets(inLanguage, body, beforeItems);

    const held = await db.transaction(async (tx) => {
      await tx
        .insert(navigationMenus)
        .values({ siteId: ctx.site.id, handle })
        .onConflictDoNothing({ target: [navigationMenus.siteId, navigationMenus.handle] });
      const id = (await menuId(tx, ctx, handle, true))!;
      const current = await contents(tx, id);
      if (versionOf(current) !== body.version) throw conflict(NAVIGATION_MESSAGES.conflict);
      const existing = new Map(current.items.map((item) => [item.id, item]));
      // Ids of the items written so far, by depth: an item's parent is the last one a level up.
      const lastAt: number[] = [];
      const kept: number[] = [];
      for (const [position, item] of body.items.entries()) {
        const before = item.id !== undefined ? existing.get(item.id) : undefined;
        // A site path differs per language (`/objave`, `/en/blog`): the item's own `url` is the one every
        // language without its own uses, so an edit in one language changes that language's address
        // only, once the item has a shared one. An external address is one for every language.
        const sharedPath = item.linkType === 'static' && before?.linkType === 'static' ? before.url : null;
        const ownPath = sharedPath !== null && item.url !== sharedPath ? item.url! : null;
        const values = {
          menuId: id,
          parentId: item.depth === 0 ? null : lastAt[item.depth - 1]!,
          position,
          linkType: item.linkType,
          targetId: TARGET_TYPES.includes(item.linkType) ? item.targetId! : null,
          url: TARGET_TYPES.includes(item.linkType) ? null : (sharedPath ?? item.url!),
        };
        let itemId: number;
        if (item.id !== undefined && existing.has(item.id)) {
          itemId = item.id;
          const before = existing.get(item.id)!;
          // A new kind of link gets the default tab behaviour of its kind.
          const target = before.linkType === item.linkType ? before.target : null;
          await tx
            .update(navigationItems)
            .set({ ...values, target })
            .where(eq(navigationItems.id, itemId));
        } else {
          const [inserted] = await tx
            .insert(navigationItems)
            .values(values)
            .returning({ id: navigationItems.id });
          itemId = inserted!.id;
        }
        kept.push(itemId);
        lastAt[item.depth] = itemId;
        lastAt.length = item.depth + 1;
        await tx
          .insert(navigationItemTranslations)
          .values({ itemId, languageCode: body.language, title: item.title, url: ownPath })
          .onConflictDoUpdate({
            target: [navigationItemTranslations.itemId, navigationItemTranslations.languageCode],
            set: { title: item.title, url: ownPath },
          });
      }
      // Every kept item now hangs under a kept one, so this cascades only into removed items.
      await tx
        .delete(navigationItems)
        .where(
          kept.length === 0
            ? eq(navigationItems.menuId, id)
            : and(eq(navigationItems.menuId, id), notInArray(navigationItems.id, kept)),
        );
      return contents(tx, id);
    });
    await invalidateSiteContent(cache, ctx.site.id);
    return state(ctx, handle, body.language, held);
  }

  return { editState, save };
}

export type NavigationEditorService = ReturnType<typeof createNavigationEditorService>;
