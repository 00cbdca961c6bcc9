/**
 * Lighthouse audit of the storefront: builds when needed (or uses BUILD_DIR), starts the production
 * server on a fresh PGlite data directory with demo content (tests/e2e/start-server.ts), and runs
 * Lighthouse (performance, accessibility, best practices, SEO) on each URL in headless Chromium.
 * Prints a markdown table and writes JSON to bench/results/.
 *
 * Usage: `node bench/lighthouse.ts [--desktop | --both] [--cold] [--port N] [--login] [/path ...]`
 * `--login` audits as the demo customer of the README (logged in through the API; the session cookies
 * go with every request), for pages behind a login such as `/profil`.
 * Paths default to one of each screen (home, a page, the blog, a post, a category, a product, login and
 * registration in both languages). Each
 * page and its images are requested once before the audits unless --cold is given.
 * Env: BUILD_DIR (default build), CHROME_PATH (default /usr/bin/chromium when present), LIGHTHOUSE_TRACE=1
 * (also writes each page's unthrottled trace, `<name>.trace.json`, for chrome://tracing or Perfetto).
 */

import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { demoPagePaths, ensureBuild } from './http-utils.ts';
import { startE2eServer } from './lighthouse-server.ts';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type FormFactor = 'mobile' | 'desktop';

export type PageScore = {
  path: string;
  formFactor: FormFactor;
  status: number | null;
  scores: Record<(typeof categories)[number], number | null>;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  /** Lighthouse's CPU benchmark of this machine during the run (a busy machine scores low, and slows TBT). */
  benchmarkIndex: number | null;
  /** Audits below a full score in the non-performance categories (what to fix). */
  failing: { category: string; id: string; title: string; score: number | null; items: string[] }[];
  runtimeError?: string;
};

/** The demo screens, and the login and registration forms in both languages (noindex: SEO is below 100 there by design). */
const lighthousePaths = [...demoPagePaths, '/prijava', '/registracija', '/en/login', '/en/register'];

function parseArgs(argv: string[]) {
  const paths: string[] = [];
  let formFactors: FormFactor[] = ['mobile'];
  let port = Number(process.env.LIGHTHOUSE_PORT ?? 3292);
  let cold = false;
  let login = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--desktop') formFactors = ['desktop'];
    else if (arg === '--both') formFactors = ['mobile', 'desktop'];
    else if (arg === '--port') port = Number(argv[++i]);
    else if (arg === '--cold') cold = true;
    else if (arg === '--login') login = true;
    else if (arg.startsWith('/')) paths.push(arg);
    else throw new Error(`Unknown argument ${arg} (paths start with /)`);
  }
  return { paths: paths.length > 0 ? paths : lighthousePaths, formFactors, port, cold, login };
}

function itemLabel(item: Record<string, unknown>): string {
  // Elements come as `node` (or `source` for head tags); console errors as a description and a location.
  const node = (item.node ?? item.source) as { snippet?: string } | undefined;
  if (typeof node === 'object' && node?.snippet) return node.snippet.slice(0, 160);
  const location = item.sourceLocation as { url?: string } | undefined;
  if (typeof item.description === 'string')
    return `${item.description}${location?.url ? ` (${location.url})` : ''}`.slice(0, 200);
  for (const key of ['url', 'source', 'label']) {
    const value = item[key];
    if (typeof value === 'string') return value.slice(0, 160);
  }
  return JSON.stringify(item).slice(0, 160);
}

export function summarize(lhr: Result, pagePath: string, formFactor: FormFactor): PageScore {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const failing: PageScore['failing'] = [];
  for (const category of categories.filter((c) => c !== 'performance')) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
      failing.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        items: (details?.items ?? []).slice(0, 5).map(itemLabel),
      });
    }
  }
  const requests = (
    lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined
  )?.items;
  const documentRequest = requests?.find((item) => item.resourceType === 'Document');
  return {
    path: pagePath,
    formFactor,
    status: typeof documentRequest?.statusCode === 'number' ? documentRequest.statusCode : null,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    failing,
    runtimeError: lhr.runtimeError?.message,
  };
}

const fmt = (value: number | null, digits = 0) => (value === null ? '–' : value.toFixed(digits));

export function markdownTable(rows: PageScore[]): string {
  const lines = [
    '| URL | form | HTTP | perf | a11y | best pr. | SEO | LCP ms | CLS | TBT ms |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.path} | ${row.formFactor} | ${row.status ?? '?'} | ${fmt(row.scores.performance)} | ${fmt(row.scores.accessibility)} | ${fmt(row.scores['best-practices'])} | ${fmt(row.scores.seo)} | ${fmt(row.lcpMs)} | ${fmt(row.cls, 3)} | ${fmt(row.tbtMs)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Requests the page and every /media image it references once, as Chromium would (AVIF accepted), so
 * that the audit measures a warm server: image variants are encoded on first use (sharp, AVIF can take
 * seconds), and a cold first request would otherwise dominate the figures.
 */
async function warmUp(base: string, pagePath: string) {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/(?:src|srcSet|srcset|imageSrcSet|href)="([^"]+)"/g)) {
    for (const candidate of match[1]!.replaceAll('&amp;', '&').split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url?.startsWith('/media/')) urls.add(url);
    }
  }
  const accept = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
  await Promise.all(
    [...urls].map(async (url) => (await fetch(`${base}${url}`, { headers: { accept } })).arrayBuffer()),
  );
  return urls.size;
}

/** The demo customer's session (README) as a Cookie header, from a login through the API. */
async function demoCustomerCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'kupac@ucionica.local', password: 'Kupac123!' }),
  });
  if (!response.ok) throw new Error(`Login as the demo customer failed: HTTP ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Also reachable as `npm run bench -- lighthouse …` (the word `lighthouse` is skipped). */
export async function runLighthouseBench(argv: string[] = process.argv.slice(2)) {
  const { paths, formFactors, port, cold, login } = parseArgs(argv.filter((arg) => arg !== 'lighthouse'));
  const buildDir = process.env.BUILD_DIR ?? 'build';
  ensureBuild(buildDir);
  const server = await startE2eServer(port, buildDir);
  const chromePath =
    process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.resolve('bench/results', `lighthouse-${stamp}`);
  fs.mkdirSync(outDir, { recursive: true });
  const rows: PageScore[] = [];
  try {
    const cookie = login ? await demoCustomerCookie(`http://127.0.0.1:${port}`) : undefined;
    if (!cold) {
      for (const pagePath of paths) await warmUp(`http://127.0.0.1:${port}`, pagePath);
    }
    for (const formFactor of formFactors) {
      for (const pagePath of paths) {
        const url = `http://127.0.0.1:${port}${pagePath}`;
        // Error pages (404 while a screen is not built yet) are audited too: they are the shell's.
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
          ignoreStatusCode: true,
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        };
        const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const row = summarize(result.lhr, pagePath, formFactor);
        rows.push(row);
        const name = `${formFactor}-${pagePath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.json`;
        fs.writeFileSync(path.join(outDir, name), JSON.stringify(result.lhr));
        // The unthrottled trace the simulation starts from (what ran before the paint, and when).
        if (process.env.LIGHTHOUSE_TRACE)
          fs.writeFileSync(
            path.join(outDir, name.replace(/\.json$/, '.trace.json')),
            JSON.stringify(result.artifacts.Trace),
          );
        console.log(
          `${formFactor} ${pagePath}: HTTP ${row.status ?? '?'} · ${categories.map((c) => `${c} ${fmt(row.scores[c])}`).join(' · ')}`,
        );
      }
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  const summary = { date: new Date().toISOString(), buildDir, warm: !cold, rows };
  fs.writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify(summary, null, 2));
  console.log(`\n${markdownTable(rows)}\n`);
  const indexes = rows.map((row) => row.benchmarkIndex).filter((value) => value !== null);
  if (indexes.length > 0)
    console.log(
      `CPU benchmark index ${Math.min(...indexes)}–${Math.max(...indexes)} (lower means a busier machine: TBT and the performance score suffer, so compare runs with similar indexes)\n`,
    );
  for (const row of rows.filter((r) => r.failing.length > 0 || r.runtimeError)) {
    console.log(`${row.formFactor} ${row.path}${row.runtimeError ? ` — error: ${row.runtimeError}` : ''}`);
    for (const audit of row.failing) {
      console.log(`  - [${audit.category}] ${audit.id}: ${audit.title}`);
      for (const item of audit.items) console.log(`      ${item}`);
    }
  }
  console.log(`\nReports: ${path.relative(process.cwd(), outDir)}/`);
}

if (import.meta.main) await runLighthouseBench();
