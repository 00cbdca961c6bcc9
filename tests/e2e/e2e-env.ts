import fs from 'node:fs';

/**
 * Debian's Chromium (or CHROMIUM_PATH): Playwright's own browser download is not available here.
 * Its headless shell first when installed (package chromium-headless-shell), as Playwright itself
 * runs headless tests: the same Blink and V8 without the full browser around them, a third less time
 * per test on two cores (decision 0564).
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) =>
    fs.existsSync(candidate),
  );

export const chromiumLaunchOptions = {
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export const e2ePort = Number(process.env.E2E_PORT ?? 3190);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;

/**
 * The OpenID provider the social login test starts (tests/e2e/social-login.e2e.ts): the server under
 * test knows it as its Google and Facebook provider from the start and discovers it on first use.
 * 1500 above the server: the default port 3190 + 1000 is 4190, one of the ports fetch refuses to
 * reach ("bad port", the WHATWG fetch standard's list), so discovery failed on the default port.
 */
const oidcPort = e2ePort + 1500;
export const e2eOidc = {
  port: oidcPort,
  issuer: `http://127.0.0.1:${oidcPort}`,
  clientId: 'shop-e2e-client',
  clientSecret: 'shop-e2e-client-secret-0123456789abcdef',
};

/** The merchant key the server under test shares with its sandbox gateway (tests/e2e/sandbox-gateway.e2e.ts signs forms with it). */
export const e2ePaymentSecret = 'sandbox-e2e-merchant-key-0123456789abcdef';
