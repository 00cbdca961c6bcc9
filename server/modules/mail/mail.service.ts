import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { Liquid } from 'liquidjs';
import nodemailer from 'nodemailer';
import type { Deps } from '../../api/request-context.ts';
import { mailTemplates } from './mail.schema.ts';

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. `List-Unsubscribe` of newsletter mails (RFC 8058). */
  headers?: Record<string, string>;
};
export type MailResult = { sent: boolean; id?: string };

/** Variables a template may use; every value is text (HTML-escaped in the HTML body). */
export type MailVariables = Record<string, string>;

/**
 * Editor-written templates are Liquid: no code runs, only own properties of the given variables are
 * reachable, and in the HTML body every output is HTML-escaped unless a filter says otherwise.
 */
const htmlEngine = new Liquid({
  outputEscape: 'escape',
  ownPropertyOnly: true,
  strictFilters: true,
  cache: true,
});
const textEngine = new Liquid({ ownPropertyOnly: true, strictFilters: true, cache: true });

/** A subject is one header line: line breaks from a variable would start new headers. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/**
 * Outgoing mail: SMTP when SMTP_URL is set (every step bounded by SMTP_TIMEOUT_MS), else `.eml`
 * files in DATA_DIR/outbox (local development, tests). Sending never throws: a failure is logged and
 * answered as `{ sent: false }`, so the request that sends carries on.
 */
export function createMailService(deps: Pick<Deps, 'config' | 'db' | 'logger'>) {
  const { config, db, logger } = deps;
  const timeout = config.SMTP_TIMEOUT_MS;
  const transport = config.SMTP_URL
    ? nodemailer.createTransport({
        url: config.SMTP_URL,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        dnsTimeout: timeout,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function deliver(message: MailMessage): Promise<MailResult> {
    const envelope = { from: config.MAIL_FROM, ...message };
    if (config.SMTP_URL) {
      // The transport's own timeouts bound each step; this bounds the whole exchange as well.
      let timer: NodeJS.Timeout | undefined;
      const info = await Promise.race([
        transport.sendMail(envelope),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('SMTP send timed out')), timeout * 2);
        }),
      ]).finally(() => clearTimeout(timer));
      return { sent: true, id: info.messageId };
    }
    const info = await transport.sendMail(envelope);
    await mkdir(config.outboxDir, { recursive: true });
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    await writeFile(path.join(config.outboxDir, `${id}.eml`), info.message as Buffer);
    logger.info({ mail: id, outbox: config.outboxDir }, 'mail written to the outbox');
    return { sent: true, id };
  }

  /** The template row for a site and language: the site's own, else the shipped default; else the fallback language's. */
  async function template(siteId: number, key: string, languages: string[]) {
    const rows = await db
      .select()
      .from(mailTemplates)
      .where(
        and(
          eq(mailTemplates.key, key),
          inArray(mailTemplates.languageCode, languages),
          or(eq(mailTemplates.siteId, siteId), isNull(mailTemplates.siteId)),
        ),
      );
    for (const language of languages) {
      const row =
        rows.find((candidate) => candidate.languageCode === language && candidate.siteId === siteId) ??
        rows.find((candidate) => candidate.languageCode === language && candidate.siteId === null);
      if (row) return row;
    }
    return undefined;
  }

  async function render(siteId: number, key: string, languages: string[], variables: MailVariables) {
    const row = await template(siteId, key, languages);
    if (!row) throw new Error(`No mail template ${key} in ${languages.join(', ')}`);
    const [subject, html, text] = await Promise.all([
      textEngine.parseAndRender(row.subject, variables),
      htmlEngine.parseAndRender(row.bodyHtml, variables),
      textEngine.parseAndRender(row.bodyText, variables),
    ]);
    return { subject: oneLine(subject), html, text };
  }

  return {
    render,

    /** Renders a stored template and sends it; `{ sent: false }` (logged) when either step fails. */
    async sendTemplate(input: {
      siteId: number;
      key: string;
      /** Preferred first: the request's language, then the site's default. */
      languages: string[];
      to: string;
      variables: MailVariables;
      headers?: Record<string, string>;
    }): Promise<MailResult> {
      try {
        const message = await render(input.siteId, input.key, input.languages, input.variables);
        return await deliver({ to: input.to, ...message, headers: input.headers });
      } catch (error) {
        logger.error({ err: error, template: input.key }, 'mail not sent');
        return { sent: false };
      }
    },

    close() {
      transport.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
