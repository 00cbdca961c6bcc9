import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { contentWithRemappedCaptions, sameIds } from '../../../core/gallery-captions.ts';
import { PG_INTEGER_MAX } from '../../../core/input-schemas.ts';
import { isUiLanguage, type UiLanguage } from '../../../core/languages.ts';
import { termLink } from '../../../core/links.ts';
import { featuredProductIds, MAX_FEATURED_PRODUCTS } from '../../../core/section-data.ts';
import { logoProblem } from '../../../core/sponsor-logos.ts';
import { ApiError, badRequest, conflict, notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import { sanitizeSectionContent } from '../../kernel/sanitize-html.ts';
import { pickText } from '../../kernel/translations.ts';
import { existingProductIds } from '../catalogue/catalogue.service.ts';
import { existingMediaIds } from '../media/media.service.ts';
import { invalidateSiteContent } from '../site/site.service.ts';
import { requireBackofficeUser } from '../users/users.service.ts';
import {
  elements,
  postSections,
  posts,
  postTranslations,
  sections,
  sectionTranslations,
  termTranslations,
} from './cms.schema.ts';
import {
  EDITOR_MESSAGES,
  type EditSectionInput,
  type ElementWrite,
  type elementCreate,
  type elementUpdate,
  type PageEditState,
  type pageCreate,
  type pageSave,
} from './page-editor.contract.ts';
import { sectionMediaIds } from './section-content.ts';

type SaveBody = z.output<NonNullable<typeof pageSave.body>>;
type CreateBody = z.output<NonNullable<typeof pageCreate.body>>;
type ElementCreateBody = z.output<NonNullable<typeof elementCreate.body>>;
type ElementUpdateBody = z.output<NonNullable<typeof elementUpdate.body>>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A unique index said no (PostgreSQL 23505), whether it came from postgres.js or PGlite. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause)
    if ((cause as { code?: unknown }).code === '23505') return true;
  return false;
};

const sectionField = (index: number, field: string) => `sections.${index}.${field}`;

/**
 * Edit mode's writes: a page's sections saved whole with a version check (the second of two editors
 * who opened the same version gets a conflict and nothing of theirs is stored), new pages, and the
 * static layout elements. Every write drops the site's cached responses and pages on every process
 * (the cache's tag invalidation is shared through Redis when it is configured).
 */
export function createPageEditorService({ db, cache }: Pick<Deps, 'db' | 'cache'>) {
  const requireEditor = (ctx: RequestContext) =>
    requireBackofficeUser(db, ctx, EDITOR_MESSAGES.backofficeOnly);

  async function editState(ctx: RequestContext, id: number, language = ctx.language): Promise<PageEditState> {
    await requireEditor(ctx);
    const [post] = await db
      .select({ id: posts.id, version: posts.version })
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.siteId, ctx.site.id), eq(posts.type, 'page')));
    if (!post) throw notFound(EDITOR_MESSAGES.notFound);
    const languages = [...new Set([language, ctx.site.defaultLanguage])];
    const [texts, rows, masters] = await Promise.all([
      db.select().from(postTranslations).where(eq(postTranslations.postId, id)),
      db
        .select({
          id: sections.id,
          type: sections.type,
          isMaster: sections.isMaster,
          name: sections.name,
          showDesktop: sections.showDesktop,
          showMobile: sections.showMobile,
          settings: sections.settings,
        })
        .from(postSections)
        .innerJoin(sections, eq(sections.id, postSections.sectionId))
        .where(eq(postSections.postId, id))
        .orderBy(asc(postSections.position), asc(postSections.id)),
      db
        .select({
          id: sections.id,
          type: sections.type,
          isMaster: sections.isMaster,
          name: sections.name,
          showDesktop: sections.showDesktop,
          showMobile: sections.showMobile,
          settings: sections.settings,
        })
        .from(sections)
        .where(and(eq(sections.siteId, ctx.site.id), eq(sections.isMaster, true)))
        .orderBy(asc(sections.id)),
    ]);
    const sectionIds = [...new Set([...rows, ...masters].map((row) => row.id))];
    const contents =
      sectionIds.length === 0
        ? []
        : await db
            .select()
            .from(sectionTranslations)
            .where(
              and(
                inArray(sectionTranslations.sectionId, sectionIds),
                inArray(sectionTranslations.languageCode, languages),
              ),
            );
    const textByLanguage = Object.fromEntries(texts.map((text) => [text.languageCode, text]));
    const text = pickText(textByLanguage, language, ctx.site.defaultLanguage);
    const withContent = <T extends { id: number }>(row: T) => {
      const own = Object.fromEntries(
        contents
          .filter((content) => content.sectionId === row.id)
          .map((content) => [content.languageCode, content]),
      );
      return {
        ...row,
        content: sanitizeSectionContent(pickText(own, language, ctx.site.defaultLanguage)?.content ?? {}),
      };
    };
    return {
      id: post.id,
      version: post.version,
      language,
      title: text?.title ?? '',
      slug: text?.slug ?? '',
      sections: rows.map(withContent),
      masters: masters.map(withContent),
    };
  }

  /** Inserts or updates the page's sections and returns their ids in order. */
  async function writeSections(
    tx: Tx,
    ctx: RequestContext,
    language: string,
    input: (EditSectionInput & { id?: number })[],
    allowedExisting: ReadonlySet<number>,
  ): Promise<number[]> {
    const named = input.flatMap((section) => (section.id === undefined ? [] : [section.id]));
    if (new Set(named).size !== named.length) throw badRequest('A section is listed twice.', 'sections');
    const existing =
      named.length === 0
        ? []
        : await tx
            .select({
              id: sections.id,
              type: sections.type,
              isMaster: sections.isMaster,
              settings: sections.settings,
            })
            .from(sections)
            .where(and(inArray(sections.id, named), eq(sections.siteId, ctx.site.id)));
    const byId = new Map(existing.map((row) => [row.id, row]));
    for (const [index, section] of input.entries()) {
      if (section.type !== 'sponsors') continue;
      const problem = logoProblem(section.settings.logos);
      if (problem)
        throw new ApiError(400, 'VALIDATION_ERROR', EDITOR_MESSAGES.logoFormat, {
          field: sectionField(
            index,
            problem.index < 0 ? 'settings.logos' : `settings.logos.${problem.index}.${problem.field}`,
          ),
        });
    }
    // A media id a section names must be a file of this site; ids the section already held stay
    // allowed (a file deleted later must not block saving the page's other changes).
    const wanted = input.map((section) => {
      const held = new Set(
        section.id === undefined ? [] : sectionMediaIds([{ settings: byId.get(section.id)?.settings ?? {} }]),
      );
      return sectionMediaIds([section]).filter((mediaId) => !held.has(mediaId));
    });
    const asked = [...new Set(wanted.flat())];
    if (asked.length > 0) {
      const known = await existingMediaIds(tx, ctx.site.id, asked);
      const index = wanted.findIndex((list) => list.some((mediaId) => !known.has(mediaId)));
      if (index >= 0)
        throw new ApiError(400, 'VALIDATION_ERROR', EDITOR_MESSAGES.mediaNotFound, {
          field: sectionField(index, 'settings'),
        });
    }
    await checkProductIds(tx, ctx, input, byId);
    const ids: number[] = [];
    for (const [index, section] of input.entries()) {
      const content = sanitizeSectionContent(section.content);
      const values = {
        isMaster: section.isMaster,
        name: section.name ?? '',
        showDesktop: section.showDesktop,
        showMobile: section.showMobile,
        settings: section.settings,
      };
      let id: number;
      if (section.id !== undefined) {
        const row = byId.get(section.id);
        // Only this page's own sections, or a master section (shared by design), may be named.
        if (!row || (!allowedExisting.has(row.id) && !row.isMaster))
          throw new ApiError(400, 'VALIDATION_ERROR', EDITOR_MESSAGES.sectionNotFound, {
            field: sectionField(index, 'id'),
          });
        if (row.type !== section.type)
          throw badRequest('A section keeps its type.', sectionField(index, 'type'));
        await tx.update(sections).set(values).where(eq(sections.id, row.id));
        if (row.type === 'gallery')
          await remapOtherCaptions(tx, row.id, language, row.settings.mediaIds, section.settings.mediaIds);
        id = row.id;
      } else {
        const [created] = await tx
          .insert(sections)
          .values({ siteId: ctx.site.id, type: section.type, ...values })
          .returning({ id: sections.id });
        id = created!.id;
      }
      await tx
        .insert(sectionTranslations)
        .values({ sectionId: id, languageCode: language, content })
        .onConflictDoUpdate({
          target: [sectionTranslations.sectionId, sectionTranslations.languageCode],
          set: { content },
        });
      ids.push(id);
    }
    return ids;
  }

  /**
   * A gallery's captions pair with its images by position: when a save changes the image list, the
   * captions of the section's other languages (the save's own language comes remapped from the
   * editor) follow their images the same way, in the save's transaction.
   */
  async function remapOtherCaptions(
    tx: Tx,
    sectionId: number,
    language: string,
    oldIds: unknown,
    newIds: unknown,
  ) {
    if (sameIds(Array.isArray(oldIds) ? oldIds : [], Array.isArray(newIds) ? newIds : [])) return;
    const others = await tx
      .select({ languageCode: sectionTranslations.languageCode, content: sectionTranslations.content })
      .from(sectionTranslations)
      .where(
        and(eq(sectionTranslations.sectionId, sectionId), ne(sectionTranslations.languageCode, language)),
      );
    for (const other of others) {
      const content = contentWithRemappedCaptions(other.content, oldIds, newIds);
      await tx
        .update(sectionTranslations)
        .set({ content })
        .where(
          and(
            eq(sectionTranslations.sectionId, sectionId),
            eq(sectionTranslations.languageCode, other.languageCode),
          ),
        );
    }
  }

  /**
   * A products section names a list of different product ids, each a product of this site; ids the
   * section already held stay allowed (a product deleted later must not block saving the page).
   */
  async function checkProductIds(
    tx: Tx,
    ctx: RequestContext,
    input: (EditSectionInput & { id?: number })[],
    byId: Map<number, { settings: Record<string, unknown> }>,
  ) {
    const wanted = new Map<number, number[]>();
    for (const [index, section] of input.entries()) {
      if (section.type !== 'products') continue;
      const value = section.settings.productIds ?? [];
      const valid =
        Array.isArray(value) &&
        value.length <= MAX_FEATURED_PRODUCTS &&
        new Set(value).size === value.length &&
        value.every((id) => typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= PG_INTEGER_MAX);
      if (!valid)
        throw new ApiError(400, 'VALIDATION_ERROR', EDITOR_MESSAGES.productsFormat, {
          field: sectionField(index, 'settings.productIds'),
        });
      const held = new Set(
        section.id === undefined ? [] : featuredProductIds(byId.get(section.id)?.settings ?? {}),
      );
      wanted.set(
        index,
        (value as number[]).filter((id) => !held.has(id)),
      );
    }
    const asked = [...new Set([...wanted.values()].flat())];
    if (asked.length === 0) return;
    const known = await existingProductIds(tx, ctx.site.id, asked);
    for (const [index, ids] of wanted)
      if (ids.some((id) => !known.has(id)))
        throw new ApiError(400, 'VALIDATION_ERROR', EDITOR_MESSAGES.productNotFound, {
          field: sectionField(index, 'settings.productIds'),
        });
  }

  async function placeSections(tx: Tx, postId: number, ids: number[]) {
    await tx.delete(postSections).where(eq(postSections.postId, postId));
    await tx.insert(postSections).values(ids.map((sectionId, position) => ({ postId, sectionId, position })));
  }

  async function save(ctx: RequestContext, id: number, body: SaveBody): Promise<PageEditState> {
    await requireEditor(ctx);
    await db.transaction(async (tx) => {
      // The version check and the claim in one statement: of two saves of one version, one wins.
      const [claimed] = await tx
        .update(posts)
        .set({ version: sql`${posts.version} + 1`, updatedAt: new Date() })
        .where(
          and(
            eq(posts.id, id),
            eq(posts.siteId, ctx.site.id),
            eq(posts.type, 'page'),
            eq(posts.version, body.version),
          ),
        )
        .returning({ id: posts.id });
      if (!claimed) {
        const [exists] = await tx
          .select({ id: posts.id })
          .from(posts)
          .where(and(eq(posts.id, id), eq(posts.siteId, ctx.site.id), eq(posts.type, 'page')));
        throw exists ? conflict(EDITOR_MESSAGES.conflict) : notFound(EDITOR_MESSAGES.notFound);
      }
      const before = await tx
        .select({ sectionId: postSections.sectionId })
        .from(postSections)
        .where(eq(postSections.postId, id));
      const own = new Set(before.map((row) => row.sectionId));
      const ids = await writeSections(tx, ctx, body.language, body.sections, own);
      await placeSections(tx, id, ids);
      const removed = [...own].filter((sectionId) => !ids.includes(sectionId));
      if (removed.length > 0) {
        // A removed section goes unless it is a master or another page still shows it.
        const stillShown = await tx
          .select({ sectionId: postSections.sectionId })
          .from(postSections)
          .where(and(inArray(postSections.sectionId, removed), ne(postSections.postId, id)));
        const keep = new Set(stillShown.map((row) => row.sectionId));
        const orphans = removed.filter((sectionId) => !keep.has(sectionId));
        if (orphans.length > 0)
          await tx.delete(sections).where(and(inArray(sections.id, orphans), eq(sections.isMaster, false)));
      }
      if (body.title)
        await tx
          .update(postTranslations)
          .set({
            title: body.title,
            // A search title that was the title (as a new page gets it) follows it; one set apart stays.
            seoTitle: sql`case when ${postTranslations.seoTitle} = ${postTranslations.title} then ${body.title} else ${postTranslations.seoTitle} end`,
          })
          .where(and(eq(postTranslations.postId, id), eq(postTranslations.languageCode, body.language)));
    });
    await invalidateSiteContent(cache, ctx.site.id);
    return editState(ctx, id, body.language);
  }

  async function create(ctx: RequestContext, body: CreateBody) {
    const user = await requireEditor(ctx);
    const language = body.language;
    const slugTaken = async () => {
      const [post, term] = await Promise.all([
        db
          .select({ id: postTranslations.postId })
          .from(postTranslations)
          .where(
            and(
              eq(postTranslations.siteId, ctx.site.id),
              eq(postTranslations.languageCode, language),
              eq(postTranslations.slug, body.slug),
            ),
          )
          .limit(1),
        db
          .select({ id: termTranslations.termId })
          .from(termTranslations)
          .where(
            and(
              eq(termTranslations.siteId, ctx.site.id),
              eq(termTranslations.languageCode, language),
              eq(termTranslations.slug, body.slug),
            ),
          )
          .limit(1),
      ]);
      return post.length > 0 || term.length > 0;
    };
    const taken = () => new ApiError(409, 'CONFLICT', EDITOR_MESSAGES.slugTaken, { field: 'slug' });
    if (await slugTaken()) throw taken();
    let created: { id: number; version: number };
    try {
      created = await db.transaction(async (tx) => {
        const now = new Date();
        const [post] = await tx
          .insert(posts)
          .values({
            siteId: ctx.site.id,
            type: 'page',
            status: 'published',
            authorId: user.id,
            publishedAt: now,
            allowComments: false,
          })
          .returning({ id: posts.id, version: posts.version });
        await tx.insert(postTranslations).values({
          postId: post!.id,
          languageCode: language,
          siteId: ctx.site.id,
          title: body.title,
          slug: body.slug,
          seoTitle: body.title,
        });
        const ids = await writeSections(tx, ctx, language, body.sections, new Set());
        await placeSections(tx, post!.id, ids);
        return post!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    await invalidateSiteContent(cache, ctx.site.id);
    const uiLanguage: UiLanguage = isUiLanguage(language) ? language : 'hr';
    return {
      id: created.id,
      slug: body.slug,
      link: termLink({ type: 'page', slug: body.slug }, uiLanguage),
      version: created.version,
    };
  }

  const elementView = (row: typeof elements.$inferSelect): ElementWrite => ({
    id: row.id,
    handler: row.handler,
    type: 'static-element',
    language_code: row.languageCode,
    title: row.title,
    slug: row.slug,
    meta: row.meta,
    mobileMeta: row.mobileMeta,
    options: row.options,
    mobileOptions: row.mobileOptions,
    parts: row.parts,
    created_at: row.createdAt.toISOString(),
    version: row.version,
  });

  /** Layout elements hold texts and links like sections do: the same cleaning. */
  const cleanElement = <T extends Partial<Record<'meta' | 'mobileMeta' | 'parts', Record<string, unknown>>>>(
    values: T,
  ): T => ({
    ...values,
    ...(values.meta ? { meta: sanitizeSectionContent(values.meta) } : {}),
    ...(values.mobileMeta ? { mobileMeta: sanitizeSectionContent(values.mobileMeta) } : {}),
    ...(values.parts ? { parts: sanitizeSectionContent(values.parts) } : {}),
  });

  async function createElement(ctx: RequestContext, body: ElementCreateBody): Promise<ElementWrite> {
    await requireEditor(ctx);
    const { language_code: languageCode, ...rest } = body;
    try {
      const [row] = await db
        .insert(elements)
        .values({ siteId: ctx.site.id, languageCode, ...cleanElement(rest) })
        .returning();
      await invalidateSiteContent(cache, ctx.site.id);
      return elementView(row!);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EDITOR_MESSAGES.elementExists);
      throw error;
    }
  }

  async function updateElement(
    ctx: RequestContext,
    id: number,
    body: ElementUpdateBody,
  ): Promise<ElementWrite> {
    await requireEditor(ctx);
    const { version, ...changes } = body;
    const [row] = await db
      .update(elements)
      .set({ ...cleanElement(changes), version: sql`${elements.version} + 1` })
      .where(and(eq(elements.id, id), eq(elements.siteId, ctx.site.id), eq(elements.version, version)))
      .returning();
    if (!row) {
      const [exists] = await db
        .select({ id: elements.id })
        .from(elements)
        .where(and(eq(elements.id, id), eq(elements.siteId, ctx.site.id)));
      throw exists ? conflict(EDITOR_MESSAGES.elementConflict) : notFound('Element not found.');
    }
    await invalidateSiteContent(cache, ctx.site.id);
    return elementView(row);
  }

  async function listElements(ctx: RequestContext): Promise<ElementWrite[]> {
    await requireEditor(ctx);
    const rows = await db
      .select()
      .from(elements)
      .where(eq(elements.siteId, ctx.site.id))
      .orderBy(asc(elements.handler), asc(elements.languageCode), asc(elements.id));
    return rows.map(elementView);
  }

  return { editState, save, create, createElement, updateElement, listElements };
}

export type PageEditorService = ReturnType<typeof createPageEditorService>;
