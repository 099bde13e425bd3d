// Operations: what /metrics reads from the database.
export { type DatabaseFigures, readDatabaseFigures } from './database-figures';
