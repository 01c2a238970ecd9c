import { describe, expect, it } from 'vitest';
import { createUserBody, updateUserBody } from '../../../contracts/accounts';
import { zodValidate } from '../../lib/zod-form';
import { bodyOf, EMPTY_USER } from './components/user-form';
import { userExportUrl } from './users.api';

describe('userExportUrl', () => {
  it.each([
    [undefined, { url: '/admin/users/export' }],
    ['partner', { url: '/admin/partners/export' }],
    ['customer', { url: '/admin/customers/export' }],
    ['staff', { url: '/admin/staffs/export' }],
    ['wholesaler', { url: '/admin/users/export', role: 'wholesaler' }],
  ])('%s → %j', (role, expected) => {
    expect(userExportUrl(role)).toEqual(expected);
  });
});

describe('bodyOf', () => {
  const values = {
    ...EMPTY_USER,
    first_name: 'Ana',
    last_name: 'Lee',
    email: 'ana@example.test',
    roles: ['customer'],
  };

  it('sends roles on create only, and a password only when typed', () => {
    expect(bodyOf(values, 'create')).toMatchObject({ roles: ['customer'] });
    expect(bodyOf(values, 'create')).not.toHaveProperty('password');
    expect(bodyOf(values, 'edit')).not.toHaveProperty('roles');
    expect(bodyOf({ ...values, password: 'secret-123', password_confirmation: 'x' }, 'edit')).toMatchObject({
      password: 'secret-123',
      password_confirmation: 'x',
    });
  });

  it('validates with the server schema and its words', () => {
    expect(zodValidate(createUserBody)(bodyOf(values, 'create'))).toEqual({
      password: 'Password is required',
    });
    expect(zodValidate(updateUserBody)(bodyOf(values, 'edit'))).toEqual({});
    expect(
      zodValidate(createUserBody)(
        bodyOf({ ...values, roles: [], password: 'abcdefgh', password_confirmation: 'abcdefgh' }, 'create'),
      ),
    ).toEqual({
      roles: 'Please select at least one role',
    });
    expect(
      zodValidate(updateUserBody)(bodyOf({ ...values, user_type: 'company', company_name: '' }, 'edit')),
    ).toEqual({ company_name: 'Company name is required for company users' });
  });
});
