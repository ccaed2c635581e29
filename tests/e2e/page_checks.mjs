// Checks the browser tests make of a whole page: axe's serious or critical findings, and a page
// wider than the window (a phone's sideways scroll).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repo } from './browser_harness.mjs';

const axeSource = readFileSync(createRequire(path.join(repo, 'web/package.json')).resolve('axe-core/axe.min.js'), 'utf8');

export async function expectAccessible(page, what) {
  await page.evaluate(axeSource);
  const findings = await page.evaluate(async () => {
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(findings, [], `${what}: axe's serious or critical findings`);
}

export async function noHorizontalOverflow(page, what) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    width: window.innerWidth,
  }));
  assert.ok(scroll <= width, `${what}: the page is ${scroll} px wide at ${width} px`);
}
