import { describe, expect, it } from 'vitest';
import {
  type AddressFields,
  addressRequiredMessage,
  addressTypesOf,
  sameAsSource,
  withSameAs,
} from './party-addresses';

describe('address types by party role (spec 3 §6)', () => {
  it.each([
    ['patient', ['residential', 'work', 'billing']],
    ['customer', ['billing', 'delivery']],
    ['partner', ['billing', 'delivery']],
    ['supplier', ['billing', 'delivery']],
    ['doctor', ['consultation', 'billing']],
    ['admin', []],
    ['toString', []],
  ])('%s', (role, types) => {
    expect(addressTypesOf(role)).toEqual(types);
  });
});

describe('"same as" rules (spec 3 §6)', () => {
  it.each([
    ['patient', 'work', 'residential'],
    ['patient', 'billing', 'residential'],
    ['patient', 'residential', null],
    ['customer', 'delivery', 'billing'],
    ['customer', 'billing', null],
    ['partner', 'delivery', 'billing'],
    ['supplier', 'delivery', 'billing'],
    ['doctor', 'billing', 'consultation'],
    ['doctor', 'consultation', null],
    ['admin', 'delivery', null],
  ])('%s %s copies %s', (role, type, source) => {
    expect(sameAsSource(role, type)).toBe(source);
  });

  const own: AddressFields = {
    address: '1 Own St',
    city: 'Own',
    state: 'S',
    postal_code: '1',
    country: 'MU',
    phone: '',
  };
  const billing: AddressFields = {
    address: '9 Bill Rd',
    city: 'Port Louis',
    state: 'PL',
    postal_code: '11',
    country: 'Mauritius',
    phone: '+230',
  };
  it.each([
    [true, billing, billing],
    [false, billing, own],
    [true, null, own],
  ])('same as %s', (on, source, expected) => {
    expect(withSameAs({ ...own, extra: 1 }, source, on)).toEqual({ ...expected, extra: 1 });
  });
});

describe('required parts (spec 3 §5 Addresses)', () => {
  it.each([
    ['billing', 'address', 'Billing address is required'],
    ['delivery', 'city', 'Delivery city is required'],
    ['residential', 'state', 'Residential state is required'],
    ['consultation', 'country', 'Consultation country is required'],
  ])('%s %s', (type, field, message) => {
    expect(addressRequiredMessage(type, field)).toBe(message);
  });
});
