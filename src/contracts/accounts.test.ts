import { describe, expect, it } from 'vitest';
import {
  accountStatusBody,
  createUserBody,
  registerBody,
  updateUserBody,
  updateUserRolesBody,
} from './accounts';

function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    // The server reports a message once per field (zodFieldErrors).
    if (!errors[key]?.includes(issue.message)) errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe('createUserBody', () => {
  it('reports every field at once, the cross-field rules included', () => {
    const errors = errorsOf(createUserBody.safeParse({ user_type: 'individual', roles: [] }));
    expect(errors).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
      roles: ['Please select at least one role'],
      first_name: ['First name is required for individual users'],
      last_name: ['Last name is required for individual users'],
    });
  });

  it.each([
    [
      { user_type: 'company', company_name: ' ' },
      { company_name: ['Company name is required for company users'] },
    ],
    [
      { user_type: 'individual', roles: ['partner'] },
      { user_type: ['Supplier and partner users must be company users'] },
    ],
    [
      { password_confirmation: 'other' },
      { password_confirmation: ['The password confirmation does not match.'] },
    ],
    [{ email: 'nope' }, { email: ['Please enter a valid email address'] }],
    [{ roles: 'customer' }, { roles: ['Please select at least one role'] }],
  ])('%j → %j', (change, expected) => {
    const valid = {
      user_type: 'individual',
      first_name: 'Ana',
      last_name: 'Lee',
      email: 'ana@example.test',
      roles: ['customer'],
      password: 'long-enough',
      password_confirmation: 'long-enough',
    };
    expect(createUserBody.safeParse(valid).success).toBe(true);
    expect(errorsOf(createUserBody.safeParse({ ...valid, ...change }))).toEqual(expected);
  });
});

describe('updateUserBody', () => {
  it('takes a blank password as "keep the current one"', () => {
    const result = updateUserBody.safeParse({
      user_type: 'company',
      company_name: 'Acme',
      email: 'acme@example.test',
      password: '',
      password_confirmation: '',
    });
    expect(result.success).toBe(true);
    expect(result.data?.password).toBeUndefined();
  });
});

describe('updateUserRolesBody and accountStatusBody', () => {
  it.each([
    ['roles', updateUserRolesBody, { roles: [] }, { roles: ['Please select at least one role'] }],
    ['roles', updateUserRolesBody, {}, { roles: ['Please select at least one role'] }],
    [
      'status',
      accountStatusBody,
      { account_status: 'suspended', status_reason: ' ' },
      { status_reason: ['A reason is required when suspending or closing an account'] },
    ],
    ['status', accountStatusBody, { account_status: 'active' }, {}],
  ] as const)('%s %j → %j', (_name, schema, input, expected) => {
    expect(errorsOf(schema.safeParse(input))).toEqual(expected);
  });
});

describe('registerBody', () => {
  it('also reports the name rules beside a bad e-mail', () => {
    expect(errorsOf(registerBody.safeParse({ email: 'x', password: 'long-enough' }))).toMatchObject({
      email: ['Please enter a valid email address'],
      first_name: ['First name is required for individual users'],
    });
  });
});
