// Why a password is refused, alone: the app's error messages (loaded at start-up) need the reasons, not the rules
// (password.ts), which load with the forms that check a password.

export const weakPasswordReasons = [
  'control_characters',
  'only_whitespace',
  'common',
  'few_distinct',
  'pattern',
] as const;
export type WeakPasswordReason = (typeof weakPasswordReasons)[number];
