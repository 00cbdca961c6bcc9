import { eq, isNull, or, sql } from 'drizzle-orm';
import { MAIL_TEMPLATE_VARIABLES, type MailTemplateVariable } from '../../../core/mail-templates.ts';
import { badRequest, notFound } from '../../api/errors.ts';
import type { Deps, RequestContext } from '../../api/request-context.ts';
import { requireUser } from '../users/users.service.ts';
import { mailTemplates } from './mail.schema.ts';
import {
  type MailService,
  type MailVariables,
  renderTemplateText,
  TemplateSyntaxError,
  type TemplateText,
  templateVariables,
} from './mail.service.ts';
import type { MailTemplateList, MailTemplateRecord } from './mail-admin.contract.ts';

type Row = typeof mailTemplates.$inferSelect;
type TemplateRef = { key: string; language: string };

/** The cache entry the mail service keeps a site's templates in (mail.service.ts `templatesOf`). */
export const mailTemplatesCacheKey = (siteId: number) => ({ namespace: 'mail', key: `templates:${siteId}` });

/**
 * The back office's e-mail templates (`/admin/templates`): list, read, validate and save a site's own
 * text over the shipped default, preview with sample data, and a test send through the mail queue.
 * Access is checked by the router (`access: 'backoffice'`) before any of these run.
 */
export function createMailAdminService(deps: Pick<Deps, 'db' | 'cache' | 'logger'>, mail: MailService) {
  const { db, cache, logger } = deps;

  /** The site's own rows and the shipped defaults, of every key. */
  const rowsOf = (siteId: number) =>
    db
      .select()
      .from(mailTemplates)
      .where(or(eq(mailTemplates.siteId, siteId), isNull(mailTemplates.siteId)))
      .orderBy(mailTemplates.key, mailTemplates.languageCode);

  const siteLanguages = (ctx: RequestContext) => {
    const codes = ctx.site.languages.map((language) => language.code2);
    return codes.length > 0 ? codes : [ctx.site.defaultLanguage];
  };

  function variablesOf(key: string, text: TemplateText | undefined): MailTemplateVariable[] {
    const known = MAIL_TEMPLATE_VARIABLES[key];
    if (known) return [...known];
    return text ? templateVariables(text).map((name) => ({ name, sample: `[${name}]` })) : [];
  }

  /** Sample values of a template's variables; the site's name is the real one. */
  function sampleData(ctx: RequestContext, variables: MailTemplateVariable[]): MailVariables {
    const data: MailVariables = {};
    for (const variable of variables) data[variable.name] = variable.sample;
    if ('siteName' in data) data.siteName = ctx.site.name;
    return data;
  }

  /** The row a site uses for a key and language: its own, else the default; undefined if neither. */
  const pick = (rows: Row[], siteId: number, key: string, language: string) =>
    rows.find((row) => row.key === key && row.languageCode === language && row.siteId === siteId) ??
    rows.find((row) => row.key === key && row.languageCode === language && row.siteId === null);

  function record(ctx: RequestContext, rows: Row[], { key, language }: TemplateRef): MailTemplateRecord {
    if (!siteLanguages(ctx).includes(language))
      throw badRequest(`The site has no language "${language}".`, 'language');
    const ofKey = rows.filter((row) => row.key === key);
    if (ofKey.length === 0) throw notFound(`There is no e-mail template "${key}".`);
    const row = pick(rows, ctx.site.id, key, language);
    // No text in this language yet: another language's (the site's default first) is the start.
    const start =
      row ??
      pick(rows, ctx.site.id, key, ctx.site.defaultLanguage) ??
      ofKey.find((candidate) => candidate.siteId === ctx.site.id) ??
      ofKey[0]!;
    return {
      key,
      languageCode: language,
      source: row ? (row.siteId === null ? 'default' : 'site') : 'none',
      subject: start.subject,
      bodyHtml: start.bodyHtml,
      bodyText: start.bodyText,
      updatedAt: row ? row.updatedAt.toISOString() : null,
      variables: variablesOf(key, start),
    };
  }

  /** Renders the text with the key's sample data; a template that fails is a 400 naming the part. */
  async function renderChecked(ctx: RequestContext, key: string, text: TemplateText) {
    try {
      return await renderTemplateText(text, sampleData(ctx, variablesOf(key, text)));
    } catch (error) {
      if (error instanceof TemplateSyntaxError)
        throw badRequest(`The template does not work: ${error.message}`, error.field);
      throw error;
    }
  }

  return {
    async list(ctx: RequestContext): Promise<MailTemplateList> {
      const rows = await rowsOf(ctx.site.id);
      const languages = siteLanguages(ctx);
      const keys = [...new Set(rows.map((row) => row.key))].sort();
      return {
        languages,
        records: keys.map((key) => {
          const start = rows.find((row) => row.key === key)!;
          return {
            key,
            variables: variablesOf(key, start),
            languages: languages.map((language) => {
              const row = pick(rows, ctx.site.id, key, language);
              return {
                languageCode: language,
                source: row
                  ? row.siteId === null
                    ? ('default' as const)
                    : ('site' as const)
                  : ('none' as const),
                subject: row?.subject ?? '',
                updatedAt: row ? row.updatedAt.toISOString() : null,
              };
            }),
          };
        }),
      };
    },

    async get(ctx: RequestContext, ref: TemplateRef): Promise<MailTemplateRecord> {
      return record(ctx, await rowsOf(ctx.site.id), ref);
    },

    async update(ctx: RequestContext, input: TemplateRef & TemplateText): Promise<MailTemplateRecord> {
      // Checked first: a key or language that does not exist, then text that does not render.
      record(ctx, await rowsOf(ctx.site.id), input);
      const text = { subject: input.subject, bodyHtml: input.bodyHtml, bodyText: input.bodyText };
      await renderChecked(ctx, input.key, text);
      const updatedAt = new Date();
      await db
        .insert(mailTemplates)
        .values({ siteId: ctx.site.id, key: input.key, languageCode: input.language, ...text, updatedAt })
        .onConflictDoUpdate({
          target: [mailTemplates.siteId, mailTemplates.key, mailTemplates.languageCode],
          targetWhere: sql`${mailTemplates.siteId} is not null`,
          set: { ...text, updatedAt },
        });
      // The next mail of this site reads the new text (every process: the cache is the shared one).
      const entry = mailTemplatesCacheKey(ctx.site.id);
      await cache.delete(entry.namespace, entry.key);
      logger.info(
        { template: input.key, language: input.language, site: ctx.site.id },
        'mail template saved',
      );
      return record(ctx, await rowsOf(ctx.site.id), input);
    },

    async preview(ctx: RequestContext, input: TemplateRef & Partial<TemplateText>) {
      const stored = record(ctx, await rowsOf(ctx.site.id), input);
      return renderChecked(ctx, input.key, {
        subject: input.subject ?? stored.subject,
        bodyHtml: input.bodyHtml ?? stored.bodyHtml,
        bodyText: input.bodyText ?? stored.bodyText,
      });
    },

    /** The stored text (what a real mail would use), with sample data, to the signed-in user. */
    async testSend(ctx: RequestContext, input: TemplateRef) {
      const user = requireUser(ctx);
      const stored = record(ctx, await rowsOf(ctx.site.id), input);
      if (stored.source === 'none')
        throw badRequest(`The template has no text in "${input.language}" yet: save it first.`, 'language');
      const rendered = await renderChecked(ctx, input.key, stored);
      const id = await mail.queueMessage(db, {
        siteId: ctx.site.id,
        template: `test:${input.key}`,
        to: user.email,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
      });
      mail.kick();
      return { queued: true as const, id, to: user.email };
    },
  };
}

export type MailAdminService = ReturnType<typeof createMailAdminService>;
