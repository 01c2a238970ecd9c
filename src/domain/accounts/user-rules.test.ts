import { describe, expect, it } from 'vitest';
import {
  canSignIn,
  fullName,
  normalizeCompanyFields,
  rolesFitUserType,
  supplierName,
  USER_MESSAGES,
  userProfileErrors,
} from './user-rules';

describe('userProfileErrors', () => {
  it.each([
    [{ user_type: 'individual', first_name: 'Ana', last_name: 'Lee' }, {}],
    [
      { user_type: 'individual', first_name: ' ', last_name: '' },
      { first_name: [USER_MESSAGES.firstName], last_name: [USER_MESSAGES.lastName] },
    ],
    [{ user_type: 'company', company_name: '' }, { company_name: [USER_MESSAGES.companyName] }],
    [{ user_type: 'company', company_name: 'Acme' }, {}],
    [{ user_type: 'company', company_name: 'Acme', roles: [] }, { roles: [USER_MESSAGES.roles] }],
    [
      { user_type: 'individual', first_name: 'A', last_name: 'B', roles: ['partner'] },
      { user_type: [USER_MESSAGES.companyRoles] },
    ],
    [{ user_type: 'company', company_name: 'Acme', roles: ['supplier', 'customer'] }, {}],
  ] as const)('%j', (input, expected) => {
    expect(userProfileErrors(input)).toEqual(expected);
  });

  it('uses the spec words', () => {
    expect(USER_MESSAGES.companyName).toBe('Company name is required for company users');
    expect(USER_MESSAGES.roles).toBe('Please select at least one role');
  });
});

describe('rolesFitUserType', () => {
  it.each([
    ['individual', ['customer'], true],
    ['individual', [], true],
    ['individual', ['partner', 'customer'], false],
    ['individual', ['supplier'], false],
    ['company', ['partner', 'customer'], true],
    ['company', ['supplier'], true],
    ['individual', ['admin', 'staff', 'doctor', 'patient'], true],
  ] as const)('%s with %j fits: %s', (userType, roles, expected) => {
    expect(rolesFitUserType(userType, roles)).toBe(expected);
  });
});

describe('normalizeCompanyFields', () => {
  it('clears company fields for individuals and keeps them for companies', () => {
    const company = {
      user_type: 'company' as const,
      company_name: 'Acme',
      vat_number: 'V1',
      company_registration_number: 'R1',
    };
    expect(normalizeCompanyFields(company)).toEqual(company);
    expect(normalizeCompanyFields({ ...company, user_type: 'individual' as const })).toEqual({
      user_type: 'individual',
      company_name: null,
      vat_number: null,
      company_registration_number: null,
    });
  });
});

describe('names and sign-in', () => {
  it.each([
    [{ first_name: 'Ana', last_name: 'Lee' }, 'Ana Lee'],
    [{ first_name: null, last_name: null, company_name: 'Acme' }, 'Acme'],
    [{ email: 'a@b.test' }, 'a@b.test'],
  ])('%j is called %s', (user, name) => {
    expect(fullName(user)).toBe(name);
  });

  it.each([
    [{ first_name: 'Ana', last_name: 'Lee', company_name: 'Acme', email: 'a@b.test' }, 'Acme'],
    [{ first_name: 'Ana', last_name: 'Lee', company_name: '  ', email: 'a@b.test' }, 'Ana Lee'],
    [{ company_name: null, email: 'a@b.test' }, 'a@b.test'],
  ])('supplier %j is listed as %s', (supplier, name) => {
    expect(supplierName(supplier)).toBe(name);
  });

  it.each([
    ['active', true],
    ['suspended', false],
    ['closed', false],
  ] as const)('%s can sign in: %s', (status, expected) => {
    expect(canSignIn(status)).toBe(expected);
  });
});
