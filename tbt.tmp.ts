import { chromium } from 'playwright-core';
const ports = process.argv.slice(2).map(Number);
const path = process.env.PAGE ?? '/shop/knjige';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox','--disable-gpu','--disable-dev-shm-usage','--disable-background-networking'] });
const results: Record<number, number[]> = {};
for (const round of [1, 2, 3, 4]) for (const port of ports) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events: any[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  await cdp.send('Tracing.end');
  await done;
  const runTasks = events.filter((e) => e.name === 'RunTask' && e.dur);
  const byTid: Record<string, number> = {};
  for (const e of runTasks) byTid[`${e.pid}:${e.tid}`] = (byTid[`${e.pid}:${e.tid}`] ?? 0) + e.dur;
  const main = Object.entries(byTid).sort((a, b) => b[1] - a[1])[0]![0];
  const blocking = runTasks.filter((e) => `${e.pid}:${e.tid}` === main).reduce((sum, e) => sum + Math.max(0, e.dur / 1000 - 50), 0);
  (results[port] ??= []).push(Math.round(blocking));
  await context.close();
}
for (const [port, values] of Object.entries(results)) console.log(port, path, 'blocking ms (4x CPU):', values.join(', '), 'median', values.sort((a, b) => a - b)[Math.floor(values.length / 2)]);
await browser.close();
