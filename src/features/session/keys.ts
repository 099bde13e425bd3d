// Query key factories, one per domain (CONVENTIONS.md Data fetching).
export const userKeys = {
  all: ['user'] as const,
  detail: (id: string) => ['user', id] as const,
  features: (accountId: string) => ['user', 'features', accountId] as const,
};
