// The driver's logbook (shell-and-account.md §2.4, §3, §4, §7 History): payments written when an order completes,
// manual and recurring costs, recorded and merged trips, images, statistics and invoices. Needs things and forecourt;
// the orders area calls recordPaymentEvent from inside its COMPLETED transition (history never imports orders).
export {
  beginImageUpload,
  discardImageUpload,
  finishImageUpload,
  purgeAbandonedUploads,
  readImageBytes,
  streamImageUpload,
} from './add-image';
export { checkOdometer } from './check-odometer';
export { createCost } from './create-cost';
export { deleteCost } from './delete-cost';
export { getEvent } from './get-event';
export { getExpenses } from './get-expenses';
export { deleteImage, getImage } from './get-image';
export { getInvoice } from './get-invoice';
export { listHistory } from './list-history';
export { materializeSeries } from './materialize-series';
export { mergedTotals, mergeTrips, unmergeTrip } from './merge-trips';
export { recordCostsByOrder } from './record-costs-by-order';
export { recordPaymentEvent } from './record-payment-event';
export { MAX_OCCURRENCES, occurrenceTime } from './recurrence';
export { seedDemoHistory } from './seed-demo-history';
export { simulateTrips } from './simulate-trips';
export { sniffImageType } from './sniff-image';
export { updateCost } from './update-cost';
export { splitGross, VAT_BASIS_POINTS } from './vat';
