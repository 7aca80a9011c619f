import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical WCAG 2.1 A/AA findings on what the page shows now (Fluent's focus
 * sentinels aside), each as `rule: target summary`; an empty list when the page passes.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are judged once nothing is fading in or out (a dialog or toast mid-animation blends into the page).
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-tabster-dummy]')
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes[0]?.target.join(' ') ?? ''} ${violation.nodes[0]?.failureSummary ?? ''}`,
    );
}
