/**
 * axe-core in Chromium for the accessibility tests of the visitor pages (e2e/accessibility.test.ts) and
 * the console (e2e/console-accessibility.test.ts): the WCAG 2.0/2.1 A and AA rules, and the violations of
 * impact serious or critical as one readable line each (rule, impact, node count, help, the first nodes).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; html: string; any: Array<{ message: string }> }>;
}

/** Runs axe on the page (adding it once per document); its serious and critical violations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help} — ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)} ${n.any[0]?.message.slice(0, 120) ?? ''}`)
          .join(' | ')}`,
    );
}
