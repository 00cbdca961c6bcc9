/**
 * The server under test: the production build on a fresh temporary data directory with demo content
 * (a copy of the run's prepared one, see support/server-process.ts, or seeded on this first start).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
// The run's data directory prepared with the demo content, when scripts/e2e.ts made one: no second seed.
const { copyDemoDataDir } = await import('./support/server-process.ts');
copyDemoDataDir(dataDir);
process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? '3190';
process.env.HOST = '127.0.0.1';
process.env.NODE_ENV = 'production';
process.env.LOG_LEVEL ??= 'warn';
process.env.RATE_LIMIT_PER_MINUTE ??= '0';
process.env.RATE_LIMIT_WRITES_PER_MINUTE ??= '0';
process.env.COMMENTS_PER_MINUTE ??= '0';
process.env.SEED_DEMO = 'true';
// Every test's sign-ups without JavaScript come from this one address within the hour: the no-script
// budget of the captcha (decision 0411) is the suite's, not a visitor's. Its own tests set it low.
process.env.CAPTCHA_NOSCRIPT_PER_HOUR ??= '10000';
process.env.CAPTCHA_NOSCRIPT_PER_ADDRESS_PER_HOUR ??= '10000';
// Access tokens keep the shop's default lifetime: a short one made every test's session rotate its
// refresh token every few seconds, and on a loaded machine a slow request carrying a token older than
// the grace ended the session mid-test. The accounts test drops the access cookie itself, as the
// browser does when it expires. A short grace before a replayed refresh token counts as stolen.
process.env.REFRESH_REUSE_GRACE_SECONDS ??= '2';
// Google and Facebook both at the OpenID provider the social login test starts on localhost.
const { e2eOidc } = await import('./e2e-env.ts');
for (const provider of ['GOOGLE', 'FACEBOOK']) {
  process.env[`${provider}_CLIENT_ID`] ??= e2eOidc.clientId;
  process.env[`${provider}_CLIENT_SECRET`] ??= e2eOidc.clientSecret;
  process.env[`${provider}_ISSUER_URL`] ??= e2eOidc.issuer;
}
// The sandbox gateway's merchant key, known to the payment test so it can sign a hosted payment form.
process.env.PAYMENT_SANDBOX_SECRET ??= (await import('./e2e-env.ts')).e2ePaymentSecret;
// Where the data directory is (the accounts test reads the mail outbox in it).
fs.writeFileSync(path.join(os.tmpdir(), `shop-e2e-${process.env.PORT}.datadir`), dataDir);
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
const { main } = await import('../../server/main.ts');
await main();
