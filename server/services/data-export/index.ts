// The data export (GDPR art. 15 and 20): everything kept about a driver as a ZIP of JSON and CSV files with a README,
// built in the background (a job in data_exports), mailed about when ready, downloaded by its owner while signed in.
export { buildExport } from './build-export';
export { EXCLUDED_TABLES, exportCoverage } from './coverage';
export { latestDataExport, openDataExport } from './get-export';
export { requestDataExport } from './request-export';
export { purgeExpiredExports, resumeDataExports } from './resume-exports';
export { SECTIONS } from './sections';
