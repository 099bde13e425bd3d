// The logbook's constants (shell-and-account.md §5, §9), apart from the schemas so the app's entry can use them
// without loading zod schemas it does not need yet.

/** §9 "History page size 20. Trips offered for merging 40." */
export const HISTORY_PAGE_SIZE = 20;
export const MERGE_TRIPS_LIMIT = 40;
/** §5 "Mileage is at most 1000000" (km); on the wire × 1000. */
export const MAX_MILEAGE_KM = 1_000_000;
/** §5 "Images must be under 6 MB". */
export const MAX_IMAGE_BYTES = 6 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/** Images one event may carry. */
export const MAX_IMAGES_PER_EVENT = 10;
