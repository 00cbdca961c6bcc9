import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { e2ePort } from '../e2e-env.ts';
import { expect } from '../fixtures.ts';

/** The outbox folder of this run's server (mails are `.eml` files there when no SMTP is configured). */
const outbox = () =>
  path.join(fs.readFileSync(path.join(os.tmpdir(), `shop-e2e-${e2ePort}.datadir`), 'utf8').trim(), 'outbox');

/** A mail's raw text with quoted-printable soft breaks joined and `=3D` decoded, so links read whole. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/**
 * The newest mail to an address (decoded; matching `pattern` when given), once it is in the outbox:
 * mails are queued and sent by the worker right after the request (decision 0305), so this polls.
 */
export async function mailTo(to: string, pattern?: RegExp, timeout = 15_000): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort().reverse() : [];
        for (const file of files) {
          const mail = decoded(fs.readFileSync(path.join(outbox(), file), 'utf8'));
          if (mail.includes(`To: ${to}`) && (!pattern || pattern.test(mail))) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout },
    )
    .toBe(true);
  return found!;
}
