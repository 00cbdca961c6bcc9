import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeRule = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
};

/** axe-core's WCAG 2.2 A/AA violations on the page, one line each (evaluated in the page: the CSP admits no foreign script element). */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: object) => Promise<{ violations: AxeRule[] }> };
      }
    ).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return results.violations;
  });
  return violations.flatMap((rule) =>
    rule.nodes.map(
      (node) => `${rule.id}: ${rule.help} at ${node.target.join(' ')} ${node.html.slice(0, 120)}`,
    ),
  );
}
