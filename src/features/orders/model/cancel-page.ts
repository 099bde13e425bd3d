// The cancel page (pay-flows.md §4 Cancel page): title and text by state, the icon, and whether the pay state resets.

export const CANCEL_STATES = [
  'CANCELLED_PREPAY',
  'CANCELLED_POSTPAY',
  'API_ERROR_PREPAY',
  'API_ERROR_POSTPAY',
] as const;
export type CancelState = (typeof CANCEL_STATES)[number];

export type CancelPage = {
  state: CancelState;
  /** "Info icon for cancelled states, nozzle icon otherwise." */
  icon: 'info' | 'nozzle';
  /** "Pay state is reset for the cancelled states and API_ERROR_POSTPAY." */
  resetPayState: boolean;
};

export function cancelPageFor(value: string | undefined): CancelPage {
  const state: CancelState = (CANCEL_STATES as readonly string[]).includes(value ?? '')
    ? (value as CancelState)
    : 'API_ERROR_PREPAY';
  const cancelled = state === 'CANCELLED_PREPAY' || state === 'CANCELLED_POSTPAY';
  return { state, icon: cancelled ? 'info' : 'nozzle', resetPayState: cancelled || state === 'API_ERROR_POSTPAY' };
}
