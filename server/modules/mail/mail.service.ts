import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type FS, Liquid, type Template } from 'liquidjs';
import nodemailer from 'nodemailer';
import type { Deps } from '../../api/request-context.ts';
import { cached } from '../../cache/cache.ts';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared-query.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { senderOf } from '../../db/send-now.ts';
import { sentPrepared } from '../../db/sent-prepared.ts';
import { siteCacheTag } from '../site/site.service.ts';
import { mailQueue, mailTemplates } from './mail.schema.ts';

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. `List-Unsubscribe` of newsletter mails (RFC 8058); kept with the queued mail. */
  headers?: Record<string, string>;
};
/**
 * `sent`: the mail was accepted for sending (written to the queue, decision 0305); the worker sends it
 * (SMTP or the outbox) right after and retries while it fails. `id` is the queue row's id.
 */
export type MailResult = { sent: boolean; id?: string };

/** Variables a template may use; every value is text (HTML-escaped in the HTML body). */
export type MailVariables = Record<string, string>;

/** A transaction (or the database) the queued mail is written with: it commits or rolls back with it. */
export type MailExecutor = Pick<Db, 'insert' | 'select'>;

export type TemplateMail = {
  siteId: number;
  key: string;
  /** Preferred first: the request's language, then the site's default. */
  languages: string[];
  to: string;
  variables: MailVariables;
  /** Extra headers of the mail (see MailMessage). */
  headers?: Record<string, string>;
};

/** What one run of the worker did (tests and logs). */
/**
 * A value only the database knows yet, put into queued mails where `token` stands (decision 0308: the
 * order number, taken in the statement before the mails' insert in the same round trip).
 */
export type MailSubstitution = { token: string; value: SQL };

/** A rendered mail as the queue keeps it (`template` names it in the logs). */
export type QueuedMail = MailMessage & { siteId: number | null; template: string };

export type MailRun = { claimed: number; sent: number; retried: number; failed: number };

/** Mails one worker claims at a time. */
const BATCH = 10;
const MAX_BACKOFF_MS = 3_600_000;
const TEMPLATE_TTL_SECONDS = 300;
/** Parsed templates kept per process (keyed by their source: an edited template is a new entry). */
const PARSED_MAX = 200;

/**
 * Editor-written templates are Liquid: no code runs, only own properties of the given variables are
 * reachable, and in the HTML body every output is HTML-escaped unless a filter says otherwise.
 */
/**
 * Templates never read files: `include`, `render` and `layout` find nothing (the admin also refuses
 * them before saving), instead of looking under the process's working directory.
 */
const noFiles: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async (file) => {
    throw new Error(`Templates cannot read files (${file}).`);
  },
  readFileSync: (file) => {
    throw new Error(`Templates cannot read files (${file}).`);
  },
  resolve: (_dir, file) => file,
};
/** Bounds of one template, so that an edited loop cannot hold a worker: parse size, render time, memory. */
const limits = { parseLimit: 200_000, renderLimit: 2_000, memoryLimit: 20_000_000, relativeReference: false };
const htmlEngine = new Liquid({
  outputEscape: 'escape',
  ownPropertyOnly: true,
  strictFilters: true,
  cache: true,
  fs: noFiles,
  ...limits,
});
const textEngine = new Liquid({
  ownPropertyOnly: true,
  strictFilters: true,
  cache: true,
  fs: noFiles,
  ...limits,
});

/** The parts of a template, as stored. */
export type TemplateText = { subject: string; bodyHtml: string; bodyText: string };

/** A template part that does not parse or render: `field` names the part, the message its line. */
export class TemplateSyntaxError extends Error {
  override name = 'TemplateSyntaxError';
  readonly field: keyof TemplateText;
  constructor(field: keyof TemplateText, message: string) {
    super(message);
    this.field = field;
  }
}

const FILE_TAG = /\{%-?\s*(include|render|layout)\b/;

/**
 * Renders a template's text as a sent mail would be (same engines, same escaping) without storing
 * or caching anything; throws TemplateSyntaxError naming the first part that fails.
 */
export async function renderTemplateText(text: TemplateText, variables: MailVariables) {
  const part = async (field: keyof TemplateText, engine: Liquid) => {
    const source = text[field];
    const fileTag = FILE_TAG.exec(source);
    if (fileTag)
      throw new TemplateSyntaxError(field, `The tag "${fileTag[1]}" is not allowed in mail templates.`);
    try {
      return String(await engine.parseAndRender(source, variables));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new TemplateSyntaxError(field, message.split('\n')[0]!.slice(0, 500));
    }
  };
  const subject = await part('subject', textEngine);
  const html = await part('bodyHtml', htmlEngine);
  const textBody = await part('bodyText', textEngine);
  return { subject: oneLine(subject), html, text: textBody };
}

/** The variables a template's text uses (for templates no sender is known for). */
export function templateVariables(text: TemplateText): string[] {
  const names = new Set<string>();
  for (const source of [text.subject, text.bodyHtml, text.bodyText]) {
    try {
      for (const name of textEngine.globalVariablesSync(source)) names.add(name);
    } catch {
      // A template that does not parse names no variables.
    }
  }
  return [...names].sort();
}

/** A subject is one header line: line breaks from a variable would start new headers. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();

/** Errors that say the SMTP server cannot be reached (rather than refusing this one mail). */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'EAUTH']);
const isUnreachable = (error: unknown) => {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (code !== undefined && UNREACHABLE.has(code)) || message === 'SMTP send timed out';
};
const errorText = (error: unknown) =>
  (error instanceof Error
    ? `${(error as { code?: string }).code ?? error.name}: ${error.message}`
    : String(error)
  ).slice(0, 1000);

type TemplateRow = {
  siteId: number | null;
  key: string;
  languageCode: string;
  subject: string;
  bodyHtml: string;
  bodyText: string;
};

type ClaimedMail = {
  id: number;
  template: string;
  recipient: string;
  subject: string;
  body_html: string;
  body_text: string;
  headers: Record<string, string> | null;
  attempts: number;
};

/**
 * Outgoing mail through a durable queue (decision 0305). `queueTemplate` renders a stored template and
 * writes the mail with the caller's transaction; `sendTemplate` does it on its own and is what modules
 * without a transaction call. A worker in every process (`startWorker`; `kick` after a commit) sends
 * due mails over SMTP when SMTP_URL is set (every step bounded by SMTP_TIMEOUT_MS), else as `.eml`
 * files in DATA_DIR/outbox. Claims use `FOR UPDATE SKIP LOCKED` and a lease, so several processes never
 * send one mail twice; a failure is retried with exponential backoff and given up after
 * MAIL_MAX_ATTEMPTS with the error kept. No request waits for a send.
 */
export function createMailService(
  deps: Pick<Deps, 'config' | 'db' | 'logger'> & Partial<Pick<Deps, 'cache'>>,
) {
  const { config, db, logger, cache } = deps;
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
  // A claimed batch is not due again until every mail in it had its bounded time.
  const leaseMs = BATCH * timeout * 2 + 60_000;
  /** A sent mail's row, built once (decision 0315): the worker runs it after every mail. */
  const markSent = preparedOnce('mail_sent', (executor: Db) =>
    executor
      .update(mailQueue)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        messageId: sql.placeholder('messageId') as unknown as string,
        lastError: null,
      })
      .where(and(eq(mailQueue.id, sql.placeholder('id')), eq(mailQueue.status, 'queued'))),
  );

  async function deliver(message: MailMessage): Promise<string> {
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
      return info.messageId;
    }
    const info = await transport.sendMail(envelope);
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    const file = path.join(config.outboxDir, `${id}.eml`);
    // The directory is made once (and again if it was removed), not before every mail.
    await writeFile(file, info.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(config.outboxDir, { recursive: true });
      await writeFile(file, info.message as Buffer);
    });
    logger.info({ mail: id, outbox: config.outboxDir }, 'mail written to the outbox');
    return id;
  }

  // -------------------------------------------------------------------------------------------
  // Templates

  /** Every template a site can use (its own and the shipped defaults), cached with the site's tag. */
  async function templatesOf(executor: MailExecutor, siteId: number): Promise<TemplateRow[]> {
    const read = () =>
      executor
        .select({
          siteId: mailTemplates.siteId,
          key: mailTemplates.key,
          languageCode: mailTemplates.languageCode,
          subject: mailTemplates.subject,
          bodyHtml: mailTemplates.bodyHtml,
          bodyText: mailTemplates.bodyText,
        })
        .from(mailTemplates)
        .where(or(eq(mailTemplates.siteId, siteId), isNull(mailTemplates.siteId)));
    if (!cache) return read();
    return cached(
      cache,
      'mail',
      `templates:${siteId}`,
      { ttlSeconds: TEMPLATE_TTL_SECONDS, tags: [siteCacheTag(siteId)] },
      read,
    );
  }

  /** The template row for a site and language: the site's own, else the shipped default; else the fallback language's. */
  async function template(executor: MailExecutor, siteId: number, key: string, languages: string[]) {
    const rows = (await templatesOf(executor, siteId)).filter((row) => row.key === key);
    for (const language of languages) {
      const row =
        rows.find((candidate) => candidate.languageCode === language && candidate.siteId === siteId) ??
        rows.find((candidate) => candidate.languageCode === language && candidate.siteId === null);
      if (row) return row;
    }
    return undefined;
  }

  const parsed = new Map<string, Template[]>();
  function parse(engine: Liquid, source: string) {
    const key = `${engine === htmlEngine ? 'h' : 't'}:${source}`;
    let found = parsed.get(key);
    if (!found) {
      found = engine.parse(source);
      if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value!);
      parsed.set(key, found);
    }
    return found;
  }

  async function renderWith(
    executor: MailExecutor,
    siteId: number,
    key: string,
    languages: string[],
    variables: MailVariables,
  ) {
    const row = await template(executor, siteId, key, languages);
    if (!row) throw new Error(`No mail template ${key} in ${languages.join(', ')}`);
    const [subject, html, text] = await Promise.all([
      textEngine.render(parse(textEngine, row.subject), variables),
      htmlEngine.render(parse(htmlEngine, row.bodyHtml), variables),
      textEngine.render(parse(textEngine, row.bodyText), variables),
    ]);
    return { subject: oneLine(String(subject)), html: String(html), text: String(text) };
  }

  /** Renders a stored template; `executor` reads the template inside the caller's transaction. */
  const render = (
    siteId: number,
    key: string,
    languages: string[],
    variables: MailVariables,
    executor: MailExecutor = db,
  ) => renderWith(executor, siteId, key, languages, variables);

  // -------------------------------------------------------------------------------------------
  // The queue

  /**
   * Renders a stored template and writes the mail with `executor` (the caller's transaction: a
   * rolled-back change sends nothing). Throws when the template is missing or cannot be rendered.
   * Call `kick()` after the transaction commits so that it goes out at once.
   */
  async function queueTemplate(executor: MailExecutor, input: TemplateMail): Promise<number> {
    const [id] = await queueTemplates(executor, [input]);
    return id!;
  }

  /** Several template mails in one statement (see queueTemplate); their queue ids in order. */
  async function queueTemplates(
    executor: MailExecutor,
    inputs: TemplateMail[],
    substitute?: MailSubstitution,
  ): Promise<number[]> {
    return queueMessages(executor, await renderTemplates(executor, inputs), substitute);
  }

  /** Renders template mails for `queueMessages` or `queueNow` (nothing is written). */
  async function renderTemplates(executor: MailExecutor, inputs: TemplateMail[]): Promise<QueuedMail[]> {
    return Promise.all(
      inputs.map(async (input) => ({
        siteId: input.siteId,
        template: input.key,
        to: input.to,
        ...(input.headers ? { headers: input.headers } : {}),
        ...(await renderWith(executor, input.siteId, input.key, input.languages, input.variables)),
      })),
    );
  }

  /** Writes a rendered mail with `executor` (see queueTemplate); `template` names it in the logs. */
  async function queueMessage(
    executor: MailExecutor,
    mail: MailMessage & { siteId: number | null; template: string },
  ): Promise<number> {
    const [id] = await queueMessages(executor, [mail]);
    return id!;
  }

  function insertOf(executor: MailExecutor, mails: QueuedMail[], substitute?: MailSubstitution) {
    const put = (text: string) =>
      substitute
        ? (sql`replace(${text}, ${substitute.token}, ${substitute.value})` as unknown as string)
        : text;
    return executor
      .insert(mailQueue)
      .values(
        mails.map((mail) => ({
          siteId: mail.siteId,
          template: mail.template,
          recipient: mail.to,
          subject: put(mail.subject),
          bodyHtml: put(mail.html),
          bodyText: put(mail.text),
          headers: mail.headers ?? null,
        })),
      )
      .returning({ id: mailQueue.id });
  }

  async function queueMessages(
    executor: MailExecutor,
    mails: QueuedMail[],
    substitute?: MailSubstitution,
  ): Promise<number[]> {
    if (mails.length === 0) return [];
    // Prepared (decision 0308): one round trip on postgres.js, pipelined with the order's last writes.
    const rows = await sentPrepared(insertOf(executor, mails, substitute));
    return rows.map((row) => row.id);
  }

  /**
   * Rendered mails written with a postgres.js transaction, the insert queued on its connection at once
   * (decision 0314: statements the transaction's COMMIT follows in the same write); null on PGlite
   * (use queueMessages there). The answer tells whether the insert failed, and with it the transaction.
   */
  function queueNow(executor: MailExecutor, mails: QueuedMail[], substitute?: MailSubstitution) {
    const send = senderOf(executor);
    if (!send || mails.length === 0) return null;
    const { sql: text, params } = insertOf(executor, mails, substitute).toSQL();
    return send(text, params);
  }

  /** Claims up to BATCH due mails: locked rows are skipped, claimed ones leased (not due) for leaseMs. */
  async function claim(): Promise<ClaimedMail[]> {
    const rows = await rowsOf<ClaimedMail>(
      db,
      sql`update mail_queue set attempts = attempts + 1,
            next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
          where id in (
            select id from mail_queue
            where status = 'queued' and next_attempt_at <= now()
            order by next_attempt_at, id
            limit ${BATCH}
            for update skip locked)
          returning id, template, recipient, subject, body_html, body_text, headers, attempts`,
    );
    // Oldest first (RETURNING has no order); bigint ids come back as text from postgres.js.
    return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
  }

  /** The wait after `attempts` failed sends: base × 2^(attempts − 1), at most an hour. */
  const backoffMs = (attempts: number) =>
    Math.min(config.MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

  async function failed(mail: ClaimedMail, error: unknown, run: MailRun) {
    const reason = errorText(error);
    if (mail.attempts >= config.MAIL_MAX_ATTEMPTS) {
      run.failed++;
      await db
        .update(mailQueue)
        .set({ status: 'failed', lastError: reason })
        .where(eq(mailQueue.id, mail.id));
      logger.error(
        { mail: mail.id, template: mail.template, attempts: mail.attempts, err: error },
        'mail given up: every attempt failed',
      );
      return;
    }
    run.retried++;
    const wait = backoffMs(mail.attempts);
    await db
      .update(mailQueue)
      .set({ lastError: reason, nextAttemptAt: sql`now() + ${wait} * interval '1 millisecond'` })
      .where(eq(mailQueue.id, mail.id));
    return wait;
  }

  /** One batch: claim, send each, record the outcome. */
  async function sendBatch(): Promise<MailRun> {
    const run: MailRun = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    const batch = await claim();
    run.claimed = batch.length;
    for (const [index, mail] of batch.entries()) {
      let messageId: string;
      try {
        messageId = await deliver({
          to: mail.recipient,
          subject: mail.subject,
          html: mail.body_html,
          text: mail.body_text,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
      } catch (error) {
        const wait = await failed(mail, error, run);
        if (!isUnreachable(error)) {
          logger.warn({ mail: mail.id, template: mail.template, err: error }, 'mail not sent; retried later');
          continue;
        }
        // The server is down: the rest of the batch waits as long, without counting an attempt.
        const rest = batch.slice(index + 1).map((other) => other.id);
        if (rest.length > 0)
          await db
            .update(mailQueue)
            .set({
              attempts: sql`${mailQueue.attempts} - 1`,
              nextAttemptAt: sql`now() + ${wait ?? 0} * interval '1 millisecond'`,
            })
            .where(inArray(mailQueue.id, rest));
        logger.warn(
          { err: error, waiting: rest.length + (wait === undefined ? 0 : 1), retryInMs: wait },
          'SMTP server unreachable: mails stay queued and are retried',
        );
        break;
      }
      await markSent(db, { id: mail.id, messageId });
      run.sent++;
    }
    return run;
  }

  let closed = false;
  // One batch at a time in a process (other processes run theirs concurrently).
  let tail: Promise<unknown> = Promise.resolve();
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = tail.then(work, work);
    tail = next.catch(() => {});
    return next;
  }

  /** Sends every mail due now (batches until a batch is not full); what was done. */
  async function drain(): Promise<MailRun> {
    const total: MailRun = { claimed: 0, sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const run = await serial(sendBatch);
      for (const key of Object.keys(total) as (keyof MailRun)[]) total[key] += run[key];
      // A short batch took every due mail no other worker holds: no need to ask again.
      if (run.claimed < BATCH || closed) return total;
    }
  }

  let draining = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  /** Runs the worker soon, in the background (after a commit that queued mails; on the timer). */
  function kick() {
    if (closed) return;
    if (draining) {
      again = true;
      return;
    }
    draining = true;
    setImmediate(async () => {
      try {
        if (closed) return;
        do {
          again = false;
          await drain();
        } while (again && !closed);
      } catch (error) {
        logger.warn({ err: error }, 'mail worker run failed; retried on its next run');
      } finally {
        draining = false;
      }
    });
  }

  return {
    render,
    queueTemplate,
    queueTemplates,
    renderTemplates,
    queueNow,
    queueMessage,
    kick,
    drain,

    /**
     * Renders a stored template and queues it on its own (no caller transaction); the worker sends it
     * right after. `{ sent: false }` (logged) when the template is missing or the queue cannot be written.
     */
    async sendTemplate(input: TemplateMail): Promise<MailResult> {
      try {
        const id = await queueTemplate(db, input);
        kick();
        return { sent: true, id: String(id) };
      } catch (error) {
        logger.error({ err: error, template: input.key }, 'mail not queued');
        return { sent: false };
      }
    },

    /** The worker of this process: every MAIL_POLL_MS, and once now (mails queued while it was down). */
    startWorker() {
      if (closed || timer) return;
      timer = setInterval(kick, config.MAIL_POLL_MS);
      timer.unref();
      kick();
    },

    /** Stops the worker after the batch in flight. */
    async close() {
      closed = true;
      clearInterval(timer);
      await tail;
      transport.close();
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
