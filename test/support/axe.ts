// axe-core's WCAG 2.1 A and AA rules, run in a page of the Chromium tests.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  rule: string;
  /** Each node found: its selector and axe's summary of what fails. */
  nodes: string[];
}

/** The violations on the page as it is, and how many rules passed (proof that axe ran). */
export async function axe(page: Page): Promise<{ passes: number; violations: AxeViolation[] }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async (tags) => {
    const result = await (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: { id: string; nodes: { target: string[]; failureSummary: string }[] }[];
            passes: unknown[];
          }>;
        };
      }
    ).axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return {
      passes: result.passes.length,
      violations: result.violations.map((v) => ({
        rule: v.id,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`),
      })),
    };
  }, WCAG_21_AA);
}
