import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The rules axe checks: WCAG 2.0, 2.1 and 2.2, levels A and AA (issue 14). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Only these fail a journey: minor and moderate findings are advice, not barriers. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

const CHECK_BUDGET_MS = 20_000;

/**
 * The rules come from our own axe-core dependency, not the one @axe-core/playwright bundles: its
 * 4.14 wants Node 22 while the project runs on Node 20.19, and axe-core before 4.14 does not run
 * `label-content-name-mismatch` (a button showing "LR" named "Account menu…", issue 27).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The two widths every screen is checked at: a small phone and a laptop. */
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Checks what the page shows now (a page, or a page with a dialog open) with axe at the current
 * width and then at the other one, and fails on any serious or critical violation, so each
 * journey covers both widths without running twice. The viewport is restored afterwards.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // The checks are extra work on top of the journey: each brings its own time (axe takes
  // seconds per width on a busy machine) instead of eating into the journey's.
  test.setTimeout(test.info().timeout + CHECK_BUDGET_MS);
  await test.step(`accessible: ${label}`, async () => {
    const original = page.viewportSize();
    const phoneFirst = (original?.width ?? DESKTOP.width) < 768;
    const widths = phoneFirst ? [PHONE, DESKTOP] : [DESKTOP, PHONE];
    const findings: string[] = [];
    try {
      for (const [index, size] of widths.entries()) {
        // The first check is at the width the journey runs at (its own height kept).
        if (index > 0 || !original) await page.setViewportSize(size);
        findings.push(...(await violations(page)).map((v) => describe(v, `${label} at ${size.width} px`)));
      }
    } finally {
      if (original) await page.setViewportSize(original);
    }
    // Soft: the journey goes on, so one run reports the violations of every screen it passes.
    expect.soft(findings, findings.join('\n\n')).toEqual([]);
  });
}

async function violations(page: Page): Promise<Result[]> {
  await settled(page);
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(WCAG_TAGS).analyze();
  return results.violations.filter((v) => v.impact && FAILING_IMPACTS.has(v.impact));
}

/**
 * Waits for the page's content and for opening animations (dialogs fade and pop in) to end: half-transparent text in the
 * middle of a fade would be measured as low contrast. Endless animations (spinners, skeletons)
 * are not waited for.
 */
async function settled(page: Page): Promise<void> {
  // A page still loading (skeletons are marked busy) is checked once its content is there.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

function describe(v: Result, where: string): string {
  const targets = v.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join('; ').trim()}`);
  return [`${v.id} (${v.impact}) on ${where}: ${v.help}`, `  ${v.helpUrl}`, ...targets].join('\n');
}
