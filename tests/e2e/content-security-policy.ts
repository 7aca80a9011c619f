import type { Page } from '@playwright/test';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    __cspViolations?: Violation[];
  }
}

/**
 * Records the page's Content-Security-Policy violations from before any of its scripts runs, and
 * returns the CSP errors its console logs (filled in as they come).
 */
export async function watchContentSecurityPolicy(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    const violations: Violation[] = [];
    window.__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      });
    });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** The violations the page reported since it loaded. */
export const reportedViolations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);
