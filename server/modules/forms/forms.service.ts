import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import {
  FORM_CONFIRMED_GOAL,
  FORM_MESSAGES,
  type FormFieldDefinition,
  type FormType,
  fieldView,
  localized,
  submittedEmail,
  validateFormData,
} from '../../../core/forms.ts';
import type { UiLanguage } from '../../../core/languages.ts';
import { productLink } from '../../../core/links.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { ApiError, conflict, notFound } from '../../api/errors.ts';
import type { Deps, RequestContext, SiteInfo } from '../../api/request-context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { CaptchaInput, CaptchaService } from '../captcha/captcha.service.ts';
import { productNamesOf, productStockOf } from '../catalogue/product-availability.service.ts';
import type { ConsentService } from '../consent/consent.service.ts';
import type { MailExecutor, MailService, TemplateMail } from '../mail/mail.service.ts';
import { siteOrigin } from '../site/site.service.ts';
import type { FormView } from './forms.contract.ts';
import { type FormRow, type FormSubmissionRow, formSubmissions, forms } from './forms.schema.ts';

/** Template keys of the forms' mails (rows of `mail_templates`, migration 0018). */
export const FORM_TEMPLATE = {
  autoRespond: 'auto-respond',
  notice: 'form-notice',
  confirm: 'form-confirm',
  backInStock: 'product-back-in-stock',
} as const;

/** Due availability requests one worker run claims at a time. */
const AVAILABILITY_BATCH = 50;
const CONFIRM_HOURS = 48;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const uiLanguage = (code: string): UiLanguage => (code === 'en' || code === 'de' ? code : 'hr');
const invalidToken = () => new ApiError(400, 'INVALID_TOKEN', FORM_MESSAGES.invalidToken, { field: 'token' });

type SiteOptions = { option<T>(siteId: number, key: string): Promise<T | undefined> };
type SiteLookup = { siteById(siteId: number): Promise<SiteInfo | undefined> };

/** What one run of the availability worker did (tests and logs). */
export type AvailabilityRun = { claimed: number; queued: number };

/**
 * Forms defined as data (docs/decisions/0420–0422): reading them, storing what visitors send (checked
 * against the definition, consents enforced and logged, captcha verified), the auto-response and the
 * shop's notice, double opt-in, the fixed contact message, and the "back in stock" mails.
 */
export function createFormsService(
  deps: Pick<Deps, 'db' | 'config' | 'logger'>,
  services: {
    consents: ConsentService;
    captcha: Pick<CaptchaService, 'verifyCaptcha'>;
    mail: Pick<MailService, 'queueTemplate' | 'kick'>;
    sites: SiteOptions & SiteLookup;
  },
) {
  const { db, config, logger } = deps;
  const { consents, captcha, mail, sites } = services;

  async function view(ctx: RequestContext, row: FormRow): Promise<FormView> {
    const [assigned] = await consents.forForms(ctx, row.type);
    return {
      id: row.id,
      key: row.key,
      type: row.type,
      title: localized(row.title, ctx.language),
      fields: row.fields.map((field) => fieldView(field, ctx.language)),
      consents: assigned?.consents ?? [],
      doubleOptIn: row.settings.doubleOptIn === true,
      submitLabel: localized(row.settings.submitLabel, ctx.language),
      successMessage: localized(row.settings.successMessage, ctx.language),
    };
  }

  async function activeForm(ctx: RequestContext, id: number): Promise<FormRow> {
    const [row] = await db
      .select()
      .from(forms)
      .where(and(eq(forms.id, id), eq(forms.siteId, ctx.site.id), eq(forms.active, true)));
    if (!row) throw notFound(FORM_MESSAGES.notFound);
    return row;
  }

  const languagesOf = (ctx: Pick<RequestContext, 'site'>, language: string) => [
    ...new Set([uiLanguage(language), ctx.site.defaultLanguage, 'en']),
  ];

  /** "Label: value" lines of a submission in its language, for the mails. */
  function summary(
    fields: FormFieldDefinition[],
    values: Record<string, string | boolean>,
    language: string,
  ) {
    return fields
      .filter((field) => values[field.name] !== undefined)
      .map((field) => {
        const value = values[field.name];
        const shown =
          typeof value === 'boolean'
            ? value
              ? '✔'
              : '—'
            : field.type === 'select'
              ? localized(field.options?.find((option) => option.value === value)?.label, language) || value
              : value;
        return `${localized(field.label, language) || field.name}: ${shown}`;
      })
      .join('\n');
  }

  /**
   * Queues one mail with the caller's transaction; a template that cannot be rendered (a site option
   * naming a template that does not exist) is logged and skipped rather than refusing the submission.
   */
  async function queue(executor: MailExecutor, input: TemplateMail): Promise<boolean> {
    try {
      await mail.queueTemplate(executor, input);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code) throw error;
      logger.error({ err: error, template: input.key }, 'form mail not queued');
      return false;
    }
  }

  /** The auto-response to the visitor and the notice to the shop, as the form's settings ask. */
  /** The site options the submission mails need; read before a transaction (PGlite has one connection). */
  async function mailOptions(siteId: number) {
    const [autoTemplate, shopAddress] = await Promise.all([
      sites.option<string>(siteId, 'AutoRespondNotificationTemplate'),
      sites.option<string>(siteId, 'SendEmailTo'),
    ]);
    return { autoTemplate, shopAddress };
  }

  async function queueSubmissionMails(
    ctx: Pick<RequestContext, 'site'>,
    executor: MailExecutor,
    options: Awaited<ReturnType<typeof mailOptions>>,
    input: {
      settings: { autoResponse?: boolean; notifyShop?: boolean };
      title: string;
      summary: string;
      email: string | null;
      language: string;
      createdAt: Date;
    },
  ): Promise<boolean> {
    const { autoTemplate, shopAddress } = options;
    const variables = {
      siteName: ctx.site.name,
      formTitle: input.title,
      summary: input.summary,
      email: input.email ?? '',
      submittedAt: input.createdAt.toISOString().replace('T', ' ').slice(0, 16),
    };
    let queued = false;
    if (input.settings.autoResponse !== false && input.email)
      queued =
        (await queue(executor, {
          siteId: ctx.site.id,
          key: (typeof autoTemplate === 'string' && autoTemplate.trim()) || FORM_TEMPLATE.autoRespond,
          languages: languagesOf(ctx, input.language),
          to: input.email,
          variables,
        })) || queued;
    const shop = typeof shopAddress === 'string' ? shopAddress.trim() : '';
    if (input.settings.notifyShop !== false && shop)
      queued =
        (await queue(executor, {
          siteId: ctx.site.id,
          key: FORM_TEMPLATE.notice,
          languages: languagesOf(ctx, ctx.site.defaultLanguage),
          to: shop,
          variables,
        })) || queued;
    return queued;
  }

  /** The product an availability request names: on this site, tracked and out of stock. */
  async function outOfStockProduct(ctx: RequestContext, productId: number | undefined) {
    if (productId === undefined)
      throw new ApiError(400, 'BAD_REQUEST', FORM_MESSAGES.productRequired, { field: 'product_id' });
    const product = await productStockOf(db, ctx.site.id, productId);
    if (!product)
      throw new ApiError(404, 'NOT_FOUND', FORM_MESSAGES.productNotFound, { field: 'product_id' });
    if (!product.manageStock || (product.stockQty ?? 0) > 0) throw conflict(FORM_MESSAGES.inStock);
    return product;
  }

  const origin = (site: SiteInfo, host: string | undefined) => siteOrigin(site, host, config.PUBLIC_URL);

  async function storeData(
    ctx: RequestContext,
    body: {
      id: number;
      data: Record<string, string | number | boolean>;
      consents: number[];
      product_id?: number | undefined;
    } & CaptchaInput,
  ) {
    const form = await activeForm(ctx, body.id);
    const { values, issues } = validateFormData(form.fields, body.data);
    if (issues.length > 0)
      throw new ApiError(400, 'VALIDATION_ERROR', `${issues[0]!.field}: ${issues[0]!.message}`, {
        field: issues[0]!.field,
        issues,
      });
    const email = submittedEmail(form.fields, values);
    const availability = form.type === 'productAvailabilityForm';
    if (availability && !email)
      throw new ApiError(400, 'VALIDATION_ERROR', 'An availability request needs an e-mail field.', {
        field: 'data',
      });
    if (availability) await outOfStockProduct(ctx, body.product_id);
    await consents.checkGiven(ctx, form.type, body.consents);
    await captcha.verifyCaptcha(ctx, body);

    const doubleOptIn = form.settings.doubleOptIn === true && email !== null && !availability;
    const token = doubleOptIn ? randomBytes(32).toString('base64url') : null;
    const title = localized(form.title, ctx.language);
    const options = await mailOptions(ctx.site.id);
    const { row, mailed } = await db.transaction(async (tx) => {
      const executor = tx as unknown as Db;
      let [row] = await executor
        .insert(formSubmissions)
        .values({
          siteId: ctx.site.id,
          formId: form.id,
          formType: form.type,
          data: values,
          email,
          languageCode: uiLanguage(ctx.language),
          address: ctx.clientAddress ?? null,
          status: doubleOptIn ? 'pending' : 'received',
          confirmTokenHash: token ? hashToken(token) : null,
          confirmExpiresAt: token ? new Date(Date.now() + CONFIRM_HOURS * 3600 * 1000) : null,
          productId: availability ? body.product_id! : null,
          notifyStatus: availability ? 'waiting' : null,
        })
        // A second waiting request of one address for one product is the first one.
        .onConflictDoNothing()
        .returning();
      if (!row && availability) {
        [row] = await executor
          .select()
          .from(formSubmissions)
          .where(
            and(
              eq(formSubmissions.productId, body.product_id!),
              eq(formSubmissions.email, email!),
              eq(formSubmissions.notifyStatus, 'waiting'),
            ),
          );
      }
      if (!row) throw new Error('The form submission was not stored');
      await consents.log(
        {
          siteId: ctx.site.id,
          status: 'accepted',
          consentIds: body.consents,
          form: form.type,
          userId: ctx.user?.id ?? null,
          email: email ?? ctx.user?.email ?? null,
          address: ctx.clientAddress,
        },
        executor,
      );
      if (availability) return { row, mailed: false };
      if (token)
        return {
          row,
          mailed: await queue(executor, {
            siteId: ctx.site.id,
            key: FORM_TEMPLATE.confirm,
            languages: languagesOf(ctx, ctx.language),
            to: email!,
            variables: {
              siteName: ctx.site.name,
              formTitle: title,
              email: email!,
              link: `${origin(ctx.site, ctx.host)}${localizedPath('confirmEmail', uiLanguage(ctx.language))}?form=${token}`,
              validHours: String(CONFIRM_HOURS),
            },
          }),
        };
      return {
        row,
        mailed: await queueSubmissionMails(ctx, executor, options, {
          settings: form.settings,
          title,
          summary: summary(form.fields, values, ctx.language),
          email,
          language: ctx.language,
          createdAt: row.createdAt,
        }),
      };
    });
    if (mailed) mail.kick();
    return {
      id: row.id,
      status: doubleOptIn ? ('pending' as const) : ('received' as const),
      mailSent: mailed,
      message: localized(form.settings.successMessage, ctx.language),
    };
  }

  /** Confirms a pending double-opt-in submission (once, until it expires); then its mails go out. */
  async function confirmEmail(ctx: RequestContext, token: string) {
    const options = await mailOptions(ctx.site.id);
    const result = await db.transaction(async (tx) => {
      const executor = tx as unknown as Db;
      const [row] = await executor
        .update(formSubmissions)
        .set({ status: 'confirmed', confirmedAt: sql`now()`, confirmTokenHash: null, confirmExpiresAt: null })
        .where(
          and(
            eq(formSubmissions.siteId, ctx.site.id),
            eq(formSubmissions.confirmTokenHash, hashToken(token)),
            gt(formSubmissions.confirmExpiresAt, sql`now()`),
            eq(formSubmissions.status, 'pending'),
          ),
        )
        .returning();
      if (!row) throw invalidToken();
      const [form] = row.formId
        ? await executor.select().from(forms).where(eq(forms.id, row.formId))
        : [undefined];
      const mailed = form
        ? await queueSubmissionMails(ctx, executor, options, {
            settings: form.settings,
            title: localized(form.title, row.languageCode),
            summary: summary(form.fields, row.data, row.languageCode),
            email: row.email,
            language: row.languageCode,
            createdAt: row.createdAt,
          })
        : false;
      return { row, mailed };
    });
    if (result.mailed) mail.kick();
    return {
      goalType: 'message' as const,
      goal: FORM_CONFIRMED_GOAL,
      confirmedEmail: result.row.email ?? '',
    };
  }

  /** The fixed contact message of contact/contactAdmin: a contactForm submission without a definition. */
  async function contactAdmin(
    ctx: RequestContext,
    body: {
      name: string;
      email: string;
      phone?: string | undefined;
      subject?: string | undefined;
      message: string;
      consents: number[];
    } & CaptchaInput,
  ) {
    await consents.checkGiven(ctx, 'contactForm', body.consents);
    await captcha.verifyCaptcha(ctx, body);
    const values: Record<string, string> = { name: body.name, email: body.email };
    if (body.phone?.trim()) values.phone = body.phone.trim();
    if (body.subject?.trim()) values.subject = body.subject.trim();
    values.message = body.message;
    const options = await mailOptions(ctx.site.id);
    const fields: FormFieldDefinition[] = Object.keys(values).map((name) => ({
      name,
      type: 'text',
      required: false,
      label: { en: name },
    }));
    const { row, mailed } = await db.transaction(async (tx) => {
      const executor = tx as unknown as Db;
      const [row] = await executor
        .insert(formSubmissions)
        .values({
          siteId: ctx.site.id,
          formId: null,
          formType: 'contactForm',
          data: values,
          email: body.email,
          languageCode: uiLanguage(ctx.language),
          address: ctx.clientAddress ?? null,
        })
        .returning();
      await consents.log(
        {
          siteId: ctx.site.id,
          status: 'accepted',
          consentIds: body.consents,
          form: 'contactForm',
          userId: ctx.user?.id ?? null,
          email: body.email,
          address: ctx.clientAddress,
        },
        executor,
      );
      const mailed = await queueSubmissionMails(ctx, executor, options, {
        settings: {},
        title: body.subject?.trim() || 'Contact',
        summary: summary(fields, values, 'en'),
        email: body.email,
        language: ctx.language,
        createdAt: row!.createdAt,
      });
      return { row: row!, mailed };
    });
    if (mailed) mail.kick();
    return { id: row.id, mailSent: mailed };
  }

  /**
   * One run of the availability worker: claims due requests (SKIP LOCKED: other processes take other
   * rows), queues the "back in stock" mail of each and marks it notified in the same transaction, so a
   * request is mailed exactly once whatever the number of processes.
   */
  async function notifyAvailable(): Promise<AvailabilityRun> {
    const run: AvailabilityRun = { claimed: 0, queued: 0 };
    // The sites are read first: on PGlite a read outside the transaction would wait for it.
    const siteIds = await rowsOf<{ site_id: number }>(
      db,
      sql`select distinct site_id from form_submissions where notify_status = 'due'`,
    );
    if (siteIds.length === 0) return run;
    const siteList = await Promise.all(siteIds.map((row) => sites.siteById(Number(row.site_id))));
    const siteOf = new Map(siteList.flatMap((site) => (site ? [[site.id, site] as const] : [])));
    await db.transaction(async (tx) => {
      const executor = tx as unknown as Db;
      const due = await rowsOf<{ id: string | number }>(
        executor,
        sql`select id from form_submissions where notify_status = 'due'
            order by id limit ${AVAILABILITY_BATCH} for update skip locked`,
      );
      run.claimed = due.length;
      if (due.length === 0) return;
      const ids = due.map((row) => Number(row.id));
      const requests: FormSubmissionRow[] = await executor
        .select()
        .from(formSubmissions)
        .where(sql`${formSubmissions.id} in (${sql.join(ids, sql`, `)})`)
        .orderBy(asc(formSubmissions.id));
      for (const request of requests) {
        const site = siteOf.get(request.siteId);
        // Due since the sites were read: the next run mails it.
        if (!site) continue;
        const language = uiLanguage(request.languageCode);
        const names = await productNamesOf(executor, request.productId!);
        const text =
          names.find((row) => row.languageCode === language) ??
          names.find((row) => row.languageCode === site?.defaultLanguage) ??
          names[0];
        if (text && request.email) {
          const textLanguage = uiLanguage(text.languageCode);
          const queued = await queue(executor, {
            siteId: request.siteId,
            key: FORM_TEMPLATE.backInStock,
            languages: [...new Set([language, site.defaultLanguage, 'en'])],
            to: request.email,
            variables: {
              siteName: site.name,
              productName: text.name,
              productUrl: `${origin(site, undefined)}${productLink(text.slug, textLanguage)}`,
            },
          });
          if (queued) run.queued++;
        }
        await executor
          .update(formSubmissions)
          .set({ notifyStatus: 'notified', notifiedAt: sql`now()` })
          .where(eq(formSubmissions.id, request.id));
      }
    });
    if (run.queued > 0) mail.kick();
    return run;
  }

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    notifyAvailable()
      .catch((error) =>
        logger.warn({ err: error }, 'availability worker run failed; retried on its next run'),
      )
      .finally(() => {
        running = false;
      });
  };

  return {
    view,
    storeData,
    confirmEmail,
    contactAdmin,
    notifyAvailable,

    async filter(ctx: RequestContext, body: { type?: FormType | undefined; page: number; limit: number }) {
      const where = and(
        eq(forms.siteId, ctx.site.id),
        eq(forms.active, true),
        body.type ? eq(forms.type, body.type) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(forms)
          .where(where)
          .orderBy(asc(forms.id))
          .limit(body.limit)
          .offset((body.page - 1) * body.limit),
        db.select({ n: count() }).from(forms).where(where),
      ]);
      const totalRecords = Number(total?.n ?? 0);
      return {
        records: await Promise.all(rows.map((row) => view(ctx, row))),
        totalRecords,
        totalPages: Math.ceil(totalRecords / body.limit),
        page: body.page,
        limit: body.limit,
      };
    },

    async get(ctx: RequestContext, id: number) {
      return view(ctx, await activeForm(ctx, id));
    },

    /** The availability worker of this process: every AVAILABILITY_POLL_MS, and once now. */
    startWorker() {
      if (timer) return;
      timer = setInterval(tick, config.AVAILABILITY_POLL_MS);
      timer.unref();
      tick();
    },
    kick: tick,
    close() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
