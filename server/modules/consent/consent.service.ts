import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { ApiError, badRequest, conflict, notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import { sanitizeHtml } from '../../kernel/sanitize-html.ts';
import { invalidateSiteContent } from '../site/site.service.ts';
import { requireBackofficeUser, requireUser } from '../users/users.service.ts';
import {
  CONSENT_ERRORS,
  type ConsentAssignment,
  type ConsentEntity,
  type ConsentLedgerRecord,
  type ConsentLogSource,
  type ConsentRecord,
} from './consent.contract.ts';
import {
  type ConsentForm,
  consentAssignments,
  consentLog,
  consents,
  consentTranslations,
  consentVersions,
  cookieConsentLog,
} from './consent.schema.ts';

export type ConsentEntry = {
  siteId: number;
  status: 'accepted' | 'withdrawn';
  consentIds: number[];
  /** The form the consents were given in, or `profile` for a withdrawal there. */
  form: ConsentLogSource;
  userId: number | null;
  email: string | null;
  address: string | undefined;
};

/** Consents per form, and the append-only log of consents given. */
export function createConsentService(deps: Pick<Deps, 'db' | 'cache'>) {
  const { db } = deps;
  /**
   * The forms that show consents (registration, checkout, newsletter, contact) are in cached pages:
   * a change of an assignment or a text drops the site's cached pages and answers on every process.
   */
  const changed = <T>(ctx: RequestContext, result: T) =>
    invalidateSiteContent(deps.cache, ctx.site.id).then(() => result);

  /** The consents of the site's forms (one form, or all), with texts in the language or the site's default. */
  async function forForms(ctx: RequestContext, form?: ConsentForm) {
    const assignments = await db
      .select()
      .from(consentAssignments)
      .where(
        form
          ? and(eq(consentAssignments.siteId, ctx.site.id), eq(consentAssignments.assignedTo, form))
          : eq(consentAssignments.siteId, ctx.site.id),
      );
    const ids = [...new Set(assignments.flatMap((assignment) => assignment.consentIds))];
    const rows =
      ids.length === 0
        ? []
        : await db
            .select({
              id: consents.id,
              uniqueNumber: consents.uniqueNumber,
              version: consents.version,
              languageCode: consentTranslations.languageCode,
              displayName: consentTranslations.displayName,
              text: consentTranslations.text,
            })
            .from(consents)
            .innerJoin(consentTranslations, eq(consentTranslations.consentId, consents.id))
            .where(and(eq(consents.siteId, ctx.site.id), inArray(consents.id, ids)));
    const text = (id: number) =>
      rows.find((row) => row.id === id && row.languageCode === ctx.language) ??
      rows.find((row) => row.id === id && row.languageCode === ctx.site.defaultLanguage) ??
      rows.find((row) => row.id === id);
    return assignments.map((assignment) => ({
      assignedTo: assignment.assignedTo,
      consents: assignment.consentIds.flatMap((id): ConsentRecord[] => {
        const row = text(id);
        if (!row) return [];
        return [
          {
            id,
            uniqueNumber: row.uniqueNumber,
            version: row.version,
            displayName: row.displayName,
            text: sanitizeHtml(row.text),
            required: assignment.requiredConsentIds.includes(id),
          },
        ];
      }),
    }));
  }

  /**
   * Checks consents given in a form: every id must be assigned to it and every required one present.
   * Answers 400 naming `consents` otherwise.
   */
  async function checkGiven(ctx: RequestContext, form: ConsentForm, given: number[]) {
    const [assignment] = await db
      .select()
      .from(consentAssignments)
      .where(and(eq(consentAssignments.siteId, ctx.site.id), eq(consentAssignments.assignedTo, form)));
    const assigned = new Set(assignment?.consentIds ?? []);
    if (given.some((id) => !assigned.has(id)))
      throw badRequest('A consent is not part of this form.', 'consents');
    const missing = (assignment?.requiredConsentIds ?? []).filter((id) => !given.includes(id));
    if (missing.length > 0)
      throw new ApiError(400, CONSENT_ERRORS.consentRequired, 'Every required consent must be accepted.', {
        field: 'consents',
      });
  }

  /** Appends log rows (one per consent) with each consent's current version; inside the caller's transaction. */
  async function log(entry: ConsentEntry, executor: Db = db): Promise<number> {
    const ids = [...new Set(entry.consentIds)];
    if (ids.length === 0) return 0;
    const rows = await executor
      .select({ id: consents.id, version: consents.version, uniqueNumber: consents.uniqueNumber })
      .from(consents)
      .where(and(eq(consents.siteId, entry.siteId), inArray(consents.id, ids)));
    if (rows.length !== ids.length) throw badRequest('Unknown consent.', 'consents');
    await executor.insert(consentLog).values(
      rows.map((row) => ({
        siteId: entry.siteId,
        consentId: row.id,
        consentVersion: row.version,
        uniqueNumber: row.uniqueNumber,
        status: entry.status,
        userId: entry.userId,
        email: entry.email,
        sourceType: 'cmsSite',
        source: entry.form,
        address: entry.address ?? null,
      })),
    );
    return rows.length;
  }

  type AssignmentRow = typeof consentAssignments.$inferSelect;
  const assignmentRecord = (row: AssignmentRow): ConsentAssignment => ({
    id: row.id,
    assigned_to: row.assignedTo,
    consents: row.consentIds,
    requiredConsents: row.requiredConsentIds,
  });

  /** Back office: the assignments of the site, a page at a time (in form order). */
  async function assignments(ctx: RequestContext, page: number, perPage: number) {
    await requireBackofficeUser(db, ctx);
    const [total] = await db
      .select({ value: count() })
      .from(consentAssignments)
      .where(eq(consentAssignments.siteId, ctx.site.id));
    const rows = await db
      .select()
      .from(consentAssignments)
      .where(eq(consentAssignments.siteId, ctx.site.id))
      .orderBy(asc(consentAssignments.id))
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { data: rows.map(assignmentRecord), page, perPage, total: total?.value ?? 0 };
  }

  /** Every id must be a consent of the site: 400 naming the field otherwise. */
  async function checkSiteConsents(ctx: RequestContext, ids: number[], field: string) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const rows = await db
      .select({ id: consents.id })
      .from(consents)
      .where(and(eq(consents.siteId, ctx.site.id), inArray(consents.id, unique)));
    if (rows.length !== unique.length) throw badRequest('Unknown consent.', field);
  }

  type AssignmentInput = { assigned_to: ConsentForm; consents: number[]; requiredConsents: number[] };

  async function createAssignment(ctx: RequestContext, input: AssignmentInput) {
    await requireBackofficeUser(db, ctx);
    await checkSiteConsents(ctx, input.consents, 'consents');
    const [row] = await db
      .insert(consentAssignments)
      .values({
        siteId: ctx.site.id,
        assignedTo: input.assigned_to,
        consentIds: [...new Set(input.consents)],
        requiredConsentIds: [...new Set(input.requiredConsents)],
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('This form already has consents assigned: change that assignment.');
    return changed(ctx, assignmentRecord(row));
  }

  async function updateAssignment(ctx: RequestContext, id: number, input: AssignmentInput) {
    await requireBackofficeUser(db, ctx);
    await checkSiteConsents(ctx, input.consents, 'consents');
    const [clash] = await db
      .select({ id: consentAssignments.id })
      .from(consentAssignments)
      .where(
        and(eq(consentAssignments.siteId, ctx.site.id), eq(consentAssignments.assignedTo, input.assigned_to)),
      );
    if (clash && clash.id !== id) throw conflict('This form already has another assignment.');
    const [row] = await db
      .update(consentAssignments)
      .set({
        assignedTo: input.assigned_to,
        consentIds: [...new Set(input.consents)],
        requiredConsentIds: [...new Set(input.requiredConsents)],
      })
      .where(and(eq(consentAssignments.id, id), eq(consentAssignments.siteId, ctx.site.id)))
      .returning();
    if (!row) throw notFound('No such assignment.');
    return changed(ctx, assignmentRecord(row));
  }

  /** Consents with every version of their texts, newest version first. */
  async function entities(ctx: RequestContext, filter: { id?: number; limit: number }, executor: Db = db) {
    const rows = await executor
      .select({ id: consents.id, uniqueNumber: consents.uniqueNumber, version: consents.version })
      .from(consents)
      .where(
        filter.id === undefined
          ? eq(consents.siteId, ctx.site.id)
          : and(eq(consents.siteId, ctx.site.id), eq(consents.id, filter.id)),
      )
      .orderBy(asc(consents.id))
      .limit(filter.limit);
    const texts =
      rows.length === 0
        ? []
        : await executor
            .select()
            .from(consentVersions)
            .where(
              inArray(
                consentVersions.consentId,
                rows.map((row) => row.id),
              ),
            )
            .orderBy(desc(consentVersions.version), asc(consentVersions.languageCode));
    return rows.map((row): ConsentEntity => {
      const own = texts.filter((text) => text.consentId === row.id);
      const numbers = [...new Set(own.map((text) => text.version))];
      return {
        ...row,
        versions: numbers.map((version) => {
          const of = own.filter((text) => text.version === version);
          return {
            version,
            createdAt: of[0]!.createdAt.toISOString(),
            // Sanitized when stored and again when served (DECISIONS.md, Content).
            texts: of.map(({ languageCode, displayName, text }) => ({
              languageCode,
              displayName,
              text: sanitizeHtml(text),
            })),
          };
        }),
      };
    });
  }

  async function entityList(ctx: RequestContext, filter: { id?: number; limit: number }) {
    await requireBackofficeUser(db, ctx);
    return { records: await entities(ctx, filter) };
  }

  type VersionText = { languageCode: 'hr' | 'en' | 'de'; displayName: string; text: string };
  const cleanTexts = (texts: VersionText[]) => {
    const languages = new Set(texts.map((text) => text.languageCode));
    if (languages.size !== texts.length) throw badRequest('One text per language.', 'texts');
    return texts.map((text) => ({ ...text, text: sanitizeHtml(text.text) }));
  };

  /** Back office: a new consent; its texts become version 1 (the history trigger records them). */
  async function createEntity(ctx: RequestContext, input: { uniqueNumber: string; texts: VersionText[] }) {
    await requireBackofficeUser(db, ctx);
    const texts = cleanTexts(input.texts);
    const created = await db.transaction(async (tx) => {
      const executor = tx as unknown as Db;
      const [row] = await executor
        .insert(consents)
        .values({ siteId: ctx.site.id, uniqueNumber: input.uniqueNumber, version: 1 })
        .onConflictDoNothing()
        .returning({ id: consents.id });
      if (!row) throw conflict('A consent with this unique number exists.');
      await executor
        .insert(consentTranslations)
        .values(texts.map((text) => ({ consentId: row.id, ...text })));
      const [entity] = await entities(ctx, { id: row.id, limit: 1 }, executor);
      return entity!;
    });
    return changed(ctx, created);
  }

  /**
   * Back office: the next version of a consent's text. The version number rises first, then every
   * language's current text is written again (new or carried over), so the history trigger files each
   * under the new number; acceptances logged before keep naming the old one.
   */
  async function createVersion(ctx: RequestContext, id: number, input: { texts: VersionText[] }) {
    await requireBackofficeUser(db, ctx);
    const texts = cleanTexts(input.texts);
    const versioned = await db.transaction(async (tx) => {
      const executor = tx as unknown as Db;
      const [row] = await executor
        .select({ id: consents.id })
        .from(consents)
        .where(and(eq(consents.id, id), eq(consents.siteId, ctx.site.id)))
        .for('update');
      if (!row) throw notFound('No such consent.');
      const current = await executor
        .select()
        .from(consentTranslations)
        .where(eq(consentTranslations.consentId, id));
      await executor
        .update(consents)
        .set({ version: sql`${consents.version} + 1` })
        .where(eq(consents.id, id));
      const languages = new Set([
        ...current.map((text) => text.languageCode),
        ...texts.map((text) => text.languageCode),
      ]);
      for (const languageCode of languages) {
        const next =
          texts.find((text) => text.languageCode === languageCode) ??
          current.find((text) => text.languageCode === languageCode)!;
        await executor
          .insert(consentTranslations)
          .values({ consentId: id, languageCode, displayName: next.displayName, text: next.text })
          .onConflictDoUpdate({
            target: [consentTranslations.consentId, consentTranslations.languageCode],
            set: { displayName: next.displayName, text: next.text },
          });
      }
      const [entity] = await entities(ctx, { id, limit: 1 }, executor);
      return entity!;
    });
    return changed(ctx, versioned);
  }

  /**
   * The logged-in user's ledger: every record made with their account (or, before it, with their
   * e-mail address), newest first, and the consents whose latest record is an acceptance.
   */
  async function mine(ctx: RequestContext) {
    const user = requireUser(ctx);
    const rows = await db
      .select({
        id: consentLog.id,
        consentId: consentLog.consentId,
        uniqueNumber: consentLog.uniqueNumber,
        version: consentLog.consentVersion,
        status: consentLog.status,
        source: consentLog.source,
        createdAt: consentLog.createdAt,
      })
      .from(consentLog)
      .where(
        and(
          eq(consentLog.siteId, ctx.site.id),
          or(
            eq(consentLog.userId, user.id),
            and(isNull(consentLog.userId), eq(consentLog.email, user.email.toLowerCase())),
          ),
        ),
      )
      .orderBy(desc(consentLog.createdAt), desc(consentLog.id))
      .limit(500);
    const ids = [...new Set(rows.map((row) => row.consentId))];
    const names =
      ids.length === 0
        ? []
        : await db
            .select({
              consentId: consentVersions.consentId,
              version: consentVersions.version,
              languageCode: consentVersions.languageCode,
              displayName: consentVersions.displayName,
            })
            .from(consentVersions)
            .where(inArray(consentVersions.consentId, ids));
    const nameOf = (consentId: number, version: number, fallback: string) => {
      const candidates = names.filter((name) => name.consentId === consentId && name.version === version);
      return (
        (
          candidates.find((name) => name.languageCode === ctx.language) ??
          candidates.find((name) => name.languageCode === ctx.site.defaultLanguage) ??
          candidates[0]
        )?.displayName ?? fallback
      );
    };
    const log = rows.map(
      (row): ConsentLedgerRecord => ({
        ...row,
        displayName: nameOf(row.consentId, row.version, row.uniqueNumber),
        createdAt: row.createdAt.toISOString(),
      }),
    );
    const latest = new Map<number, ConsentLedgerRecord>();
    for (const record of log) if (!latest.has(record.consentId)) latest.set(record.consentId, record);
    const given = [...latest.values()].filter((record) => record.status === 'accepted');
    return { given, log };
  }

  /** Appends the cookie banner's choice for an anonymous visitor (and their account, if logged in). */
  async function recordCookieChoice(entry: {
    siteId: number;
    anonymousId: string;
    userId: number | null;
    categories: string;
    address: string | undefined;
  }) {
    await db.insert(cookieConsentLog).values({ ...entry, address: entry.address ?? null });
  }

  return {
    forForms,
    checkGiven,
    log,
    assignments,
    createAssignment,
    updateAssignment,
    entityList,
    createEntity,
    createVersion,
    mine,
    recordCookieChoice,
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
