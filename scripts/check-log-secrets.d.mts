// The types of check-log-secrets.mjs (plain JavaScript: run with node, and by tests/e2e/global-teardown.ts).
export function e2ePasswords(): string[];
export function findSecrets(log: string, passwords?: string[]): string[];
