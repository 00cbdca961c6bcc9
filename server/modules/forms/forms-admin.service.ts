import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  FORM_MESSAGES,
  type FormFieldDefinition,
  type FormSettings,
  type FormType,
  type LocalizedText,
} from '../../../core/forms.ts';
import { ApiError, notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { invalidateSiteContent } from '../site/site.service.ts';
import { type FormRow, formSubmissions, forms } from './forms.schema.ts';
import type { FormDefinitionRecord, FormSubmissionRecord } from './forms-admin.contract.ts';

export const FORM_ADMIN_MESSAGES = { keyTaken: 'A form with this key exists.' } as const;

type Definition = {
  type: FormType;
  title: LocalizedText;
  fields: FormFieldDefinition[];
  settings?: FormSettings | undefined;
};

/** Drops languages left empty, so "no text" falls back to another language instead of showing "". */
function texts(text: LocalizedText | undefined): LocalizedText | undefined {
  if (!text) return undefined;
  const kept = Object.fromEntries(Object.entries(text).filter(([, value]) => value));
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** A definition as stored: empty texts and empty optional parts left out. */
function normalizeFields(fields: FormFieldDefinition[]): FormFieldDefinition[] {
  return fields.map((field) => {
    const placeholder = texts(field.placeholder);
    const validation = field.validation
      ? Object.fromEntries(Object.entries(field.validation).filter(([, value]) => value !== undefined))
      : undefined;
    return {
      name: field.name,
      type: field.type,
      required: field.required,
      label: texts(field.label) ?? {},
      ...(placeholder ? { placeholder } : {}),
      ...(field.options?.length
        ? {
            options: field.options.map((option) => ({
              value: option.value,
              label: texts(option.label) ?? {},
            })),
          }
        : {}),
      ...(validation && Object.keys(validation).length > 0 ? { validation } : {}),
    };
  });
}

function normalizeSettings(settings: FormSettings | undefined, previous: FormSettings = {}): FormSettings {
  if (!settings) return previous;
  const submitLabel = texts(settings.submitLabel);
  const successMessage = texts(settings.successMessage);
  return {
    ...(settings.doubleOptIn !== undefined ? { doubleOptIn: settings.doubleOptIn } : {}),
    ...(settings.autoResponse !== undefined ? { autoResponse: settings.autoResponse } : {}),
    ...(settings.notifyShop !== undefined ? { notifyShop: settings.notifyShop } : {}),
    ...(submitLabel ? { submitLabel } : {}),
    ...(successMessage ? { successMessage } : {}),
  };
}

/**
 * The back office of the forms (docs/decisions/0423): definitions are validated whole by the
 * contract before anything is written, so a refused update leaves the form as it was.
 */
export function createFormsAdminService(deps: Pick<Deps, 'db' | 'cache'>) {
  const { db, cache } = deps;
  /** Pages with a form section are cached: a changed form drops the site's pages (on every process). */
  const changed = (ctx: RequestContext) => invalidateSiteContent(cache, ctx.site.id);

  async function counts(siteId: number, ids: number[]) {
    if (ids.length === 0) return new Map<number, number>();
    const rows = await db
      .select({ formId: formSubmissions.formId, n: count() })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.siteId, siteId), inArray(formSubmissions.formId, ids)))
      .groupBy(formSubmissions.formId);
    return new Map(rows.map((row) => [row.formId!, Number(row.n)]));
  }

  const record = (row: FormRow, submissionCount: number): FormDefinitionRecord => ({
    id: row.id,
    key: row.key,
    type: row.type,
    title: row.title as Record<string, string>,
    fields: row.fields as FormDefinitionRecord['fields'],
    settings: row.settings as FormDefinitionRecord['settings'],
    active: row.active,
    submissionCount,
    updatedAt: row.updatedAt.toISOString(),
  });

  async function formOf(ctx: RequestContext, id: number): Promise<FormRow> {
    const [row] = await db
      .select()
      .from(forms)
      .where(and(eq(forms.id, id), eq(forms.siteId, ctx.site.id)));
    if (!row) throw notFound(FORM_MESSAGES.notFound);
    return row;
  }

  async function withCount(ctx: RequestContext, row: FormRow) {
    return record(row, (await counts(ctx.site.id, [row.id])).get(row.id) ?? 0);
  }

  return {
    async filter(ctx: RequestContext, query: { page: number; limit: number }) {
      const where = eq(forms.siteId, ctx.site.id);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(forms)
          .where(where)
          .orderBy(desc(forms.active), forms.id)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(forms).where(where),
      ]);
      const submissionCounts = await counts(
        ctx.site.id,
        rows.map((row) => row.id),
      );
      const totalRecords = Number(total?.n ?? 0);
      return {
        records: rows.map((row) => record(row, submissionCounts.get(row.id) ?? 0)),
        totalRecords,
        totalPages: Math.ceil(totalRecords / query.limit),
        page: query.page,
        limit: query.limit,
      };
    },

    async get(ctx: RequestContext, id: number) {
      return withCount(ctx, await formOf(ctx, id));
    },

    async create(ctx: RequestContext, body: Definition & { key: string }) {
      const [row] = await db
        .insert(forms)
        .values({
          siteId: ctx.site.id,
          key: body.key,
          type: body.type,
          title: texts(body.title) ?? {},
          fields: normalizeFields(body.fields),
          settings: normalizeSettings(body.settings),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new ApiError(409, 'CONFLICT', FORM_ADMIN_MESSAGES.keyTaken, { field: 'key' });
      await changed(ctx);
      return record(row, 0);
    },

    async update(ctx: RequestContext, id: number, body: Definition & { active?: boolean | undefined }) {
      const current = await formOf(ctx, id);
      const [row] = await db
        .update(forms)
        .set({
          type: body.type,
          title: texts(body.title) ?? {},
          fields: normalizeFields(body.fields),
          settings: normalizeSettings(body.settings, current.settings),
          ...(body.active !== undefined ? { active: body.active } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(forms.id, id), eq(forms.siteId, ctx.site.id)))
        .returning();
      if (!row) throw notFound(FORM_MESSAGES.notFound);
      await changed(ctx);
      return withCount(ctx, row);
    },

    async deactivate(ctx: RequestContext, id: number) {
      const [row] = await db
        .update(forms)
        .set({ active: false, updatedAt: sql`now()` })
        .where(and(eq(forms.id, id), eq(forms.siteId, ctx.site.id)))
        .returning({ id: forms.id });
      if (!row) throw notFound(FORM_MESSAGES.notFound);
      await changed(ctx);
      return { id: row.id, active: false as const };
    },

    async submissions(ctx: RequestContext, id: number, query: { page: number; limit: number }) {
      const form = await formOf(ctx, id);
      const where = and(eq(formSubmissions.siteId, ctx.site.id), eq(formSubmissions.formId, form.id));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(formSubmissions)
          .where(where)
          .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(formSubmissions).where(where),
      ]);
      const totalRecords = Number(total?.n ?? 0);
      return {
        records: rows.map(
          (row): FormSubmissionRecord => ({
            id: row.id,
            status: row.status,
            data: row.data,
            email: row.email,
            languageCode: row.languageCode,
            createdAt: row.createdAt.toISOString(),
          }),
        ),
        totalRecords,
        totalPages: Math.ceil(totalRecords / query.limit),
        page: query.page,
        limit: query.limit,
      };
    },
  };
}

export type FormsAdminService = ReturnType<typeof createFormsAdminService>;
