import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * axe-core on the reader's current page: nothing serious or critical (colour contrast included).
 * The script is injected as a tag, so the page's context must bypass its CSP.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => `${v.id} (${v.impact}): ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, `axe on ${label}`).toEqual([]);
}
