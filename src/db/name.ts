/** The app's IndexedDB database (Dexie), named apart so the start-up can look for it without loading Dexie. */
export const APP_DB_NAME = 'forecourt-pay';
