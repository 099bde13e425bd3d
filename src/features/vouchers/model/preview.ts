// The voucher preview of a summary (shell-and-account.md §4 Voucher preview): loading turns on, then the result is
// stored and loading turns off; a cancelled request returns quietly; any other failure clears the preview and records
// the error PREVIEW_VOUCHER. Guests get no preview (§6). Derived from the request's status. Pure.
import type { DiscountPreview } from '../../../../contract/vouchers';

export const PREVIEW_VOUCHER = 'PREVIEW_VOUCHER';

export type PreviewState =
  | { kind: 'none' }
  | { kind: 'loading'; previous: DiscountPreview | null }
  | { kind: 'ready'; preview: DiscountPreview }
  | { kind: 'failed'; errorCode: typeof PREVIEW_VOUCHER };

export type PreviewRequest = {
  /** False for guests and while the summary lacks what the preview needs. */
  enabled: boolean;
  fetching: boolean;
  data: DiscountPreview | undefined;
  /** The last failure; `cancelled` when it was a cancelled request. */
  error: { cancelled: boolean } | null;
};

export function previewState(r: PreviewRequest): PreviewState {
  if (!r.enabled) return { kind: 'none' };
  if (r.fetching) return { kind: 'loading', previous: r.data ?? null };
  if (r.error && !r.error.cancelled) return { kind: 'failed', errorCode: PREVIEW_VOUCHER };
  if (r.data) return { kind: 'ready', preview: r.data };
  return { kind: 'none' };
}

/** "The pay button is disabled … while the voucher preview is loading" (pay-flows.md §5). */
export const previewLoading = (state: PreviewState) => state.kind === 'loading';

/** The preview to show: a stored result, or the one before a newer request while it loads; a failure clears it. */
export function shownPreview(state: PreviewState): DiscountPreview | null {
  if (state.kind === 'ready') return state.preview;
  if (state.kind === 'loading') return state.previous;
  return null;
}
