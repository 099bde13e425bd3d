// The answer of sign-in, registration and the guest session, read without zod (a new visitor's first screen waits
// for the guest session): contract/auth.ts `loginResponse` is the same shape for the server, and
// tests/unit/plain-schema.test.ts holds the two to the same answers.
import type { LoginResponse } from '../auth';
import { bool, checked, obj, optional, type Reader, str } from './check';

export const readLogin: Reader<LoginResponse> = obj({ auth_token: str(), _id: str(), passwordExpired: optional(bool) });

export const loginAnswer = checked(readLogin);
