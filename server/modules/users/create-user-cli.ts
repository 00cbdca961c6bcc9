/**
 * `npm run user:create -- --email ana@example.com [--first-name Ana] [--last-name Horvat]`: creates a
 * back-office user of the first site (or `--site-id`). The password is asked for twice without echo,
 * or read from the first line of standard input when that is not a terminal (for scripts).
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { passwordProblems } from '../../../core/password-strength.ts';
import { loadConfig } from '../../config.ts';
import { createLogger } from '../../logger.ts';
import { openConfiguredDatabase } from '../../main.ts';
import { existingSiteId } from '../site/site.service.ts';
import { hashPassword } from './password.ts';
import { createBackofficeUser } from './users-admin.ts';

const usage =
  'Usage: npm run user:create -- --email ana@example.com [--first-name Ana] [--last-name Horvat] [--site-id 1]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) return line;
    return '';
  }
  // A muted output: what is typed is not echoed.
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      muted = false;
      prompt.question(question, (answer) => {
        process.stdout.write('\n');
        resolve(answer);
      });
      muted = true;
    });
  const first = await ask('Password: ');
  const second = await ask('Password again: ');
  prompt.close();
  if (first !== second) fail('The two passwords differ.');
  return first;
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string', default: '' },
    'last-name': { type: 'string', default: '' },
    'site-id': { type: 'string' },
  },
});
const email = z.email().max(254).safeParse(values.email?.trim().toLowerCase());
if (!email.success) fail(`A valid --email is required.\n${usage}`);

const password = await readPassword();
const problems = passwordProblems(password);
if (problems.length > 0)
  fail(
    `The password is too weak (${problems.join(', ')}): at least 8 characters with a lowercase and an uppercase letter, a digit and a special character.`,
  );

const config = loadConfig();
const logger = createLogger('warn');
const { database, lock } = await openConfiguredDatabase(config, logger);
try {
  const siteId = await existingSiteId(database.db, values['site-id'] ? Number(values['site-id']) : undefined);
  if (siteId === null)
    fail('No site yet: start the shop once (npm start) so that it creates its site, then run this again.');
  const created = await createBackofficeUser(database.db, {
    siteId,
    email: email.data,
    passwordHash: await hashPassword(password),
    firstName: values['first-name'] ?? '',
    lastName: values['last-name'] ?? '',
  });
  if (!created) fail(`A user with the e-mail ${email.data} exists already.`);
  console.log(`Back-office user ${email.data} created (site ${siteId}).`);
} finally {
  await database.close();
  await lock?.release();
}
