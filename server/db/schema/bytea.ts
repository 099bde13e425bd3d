// PostgreSQL bytea as a Buffer (PGlite hands back a Uint8Array, pg a Buffer).
import { customType } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
