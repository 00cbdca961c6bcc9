import { and, eq, inArray } from 'drizzle-orm';
import { ApiError, badRequest } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import type { ConsentRecord } from './consent.contract.ts';
import {
  type ConsentForm,
  consentAssignments,
  consentLog,
  consents,
  consentTranslations,
} from './consent.schema.ts';

export type ConsentEntry = {
  siteId: number;
  status: 'accepted' | 'withdrawn';
  consentIds: number[];
  form: ConsentForm;
  userId: number | null;
  email: string | null;
  address: string | undefined;
};

/** Consents per form, and the append-only log of consents given. */
export function createConsentService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

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
            text: row.text,
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
      throw new ApiError(400, 'CONSENT_REQUIRED', 'Every required consent must be accepted.', {
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

  return { forForms, checkGiven, log };
}

export type ConsentService = ReturnType<typeof createConsentService>;
