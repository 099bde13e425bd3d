// Every e2e test runs with a Content-Security-Policy guard: a `securitypolicyviolation` in any page of the test's
// context fails the test (issue 10: the CSP is the defence of the token the spec keeps in local storage, so nothing
// may need an exception to it).
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      context.on('console', (message) => {
        if (message.text().startsWith('CSP violation:')) violations.push(`${message.page()?.url()}: ${message.text()}`);
      });
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export type { Browser, BrowserContext, Page } from '@playwright/test';
export { expect };
