// The auth guard signs a driver out only when the server says the session is over, never because it was busy or
// out of reach (a 429 under load used to sign the shared demo driver out: the amazon-sign-in link flake's suspect).
import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../src/features/session/model/session-check';
import { ApiError } from '../../src/lib/http/errors';

describe('sessionEnded', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'invalid_session'],
    [403, 'forbidden'],
    [404, 'not_found'],
  ])('%i (%s): the session is over', (status, code) => {
    expect(sessionEnded(new ApiError(status, code))).toBe(true);
  });

  it.each([
    [0, 'network_error'],
    [0, 'cancelled'],
    [408, 'timeout'],
    [409, 'conflict'],
    [429, 'too_many_requests'],
    [500, 'internal_error'],
    [502, 'bad_gateway'],
    [503, 'unavailable'],
  ])('%i (%s): says nothing about the session, it is kept', (status, code) => {
    expect(sessionEnded(new ApiError(status, code))).toBe(false);
  });

  it('an error that is not an answer of the server (a malformed body, a bug) keeps the session', () => {
    expect(sessionEnded(new TypeError('x'))).toBe(false);
    expect(sessionEnded(undefined)).toBe(false);
  });
});
