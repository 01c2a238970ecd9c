import { describe, expect, it } from 'vitest';
import { errorMessage, fieldErrorsOf } from './form-errors';
import { HttpError } from './http';

describe('form errors', () => {
  it('takes the first message of each field of a 422, folding "roles.0" into roles', () => {
    const error = new HttpError(422, 'x', { email: ['Taken', 'Other'], 'roles.0': ['Unknown role'] });
    expect(fieldErrorsOf(error)).toEqual({ email: 'Taken', roles: 'Unknown role' });
  });

  it('gives nothing for errors that are not a 422', () => {
    expect(fieldErrorsOf(new HttpError(403, 'x'))).toBeNull();
    expect(fieldErrorsOf(new Error('x'))).toBeNull();
  });

  it('shows the server message for 4xx and the fallback for 5xx and network errors', () => {
    expect(errorMessage(new HttpError(409, 'Already done'), 'Failed')).toBe('Already done');
    expect(errorMessage(new HttpError(500, 'Server Error'), 'Failed')).toBe('Failed');
    expect(errorMessage(new TypeError('fetch failed'), 'Failed')).toBe('Failed');
  });

  it("shows a 503's message: the shop was busy and the user may try again", () => {
    expect(errorMessage(new HttpError(503, 'The shop is busy right now.'), 'Failed')).toBe(
      'The shop is busy right now.',
    );
    expect(errorMessage(new HttpError(503, ''), 'Failed')).toBe('Failed');
  });
});
