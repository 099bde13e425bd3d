// The maintenance answer (shell-and-account.md §4) as the start-up reads it, without zod: contract/users.ts
// `maintenance` is the same shape for the server.
import { isRecord, plainSchema } from './plain-schema';

export type MaintenanceAnswer = { production: boolean; message?: string };

export const maintenanceAnswer = plainSchema<MaintenanceAnswer>((value) => {
  if (!isRecord(value) || typeof value.production !== 'boolean') return undefined;
  if (value.message === undefined) return { production: value.production };
  return typeof value.message === 'string' ? { production: value.production, message: value.message } : undefined;
});
