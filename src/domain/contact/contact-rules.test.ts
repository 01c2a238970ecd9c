import { describe, expect, it } from 'vitest';
import {
  contactFieldOf,
  isContactName,
  isContactPhone,
  spreadContactErrors,
  textLength,
} from './contact-rules';

describe('the contact form rules (spec 3 §5)', () => {
  it.each([
    ['Ada Lovelace', true],
    ['Zoë Renée', true],
    ['Jean  Paul', true],
    ['R2D2', false],
    ["O'Brien", false],
    ['Ann-Marie', false],
    ['<script>', false],
    ['', false],
  ])('%j is a name of letters and spaces: %s', (name, ok) => {
    expect(isContactName(name)).toBe(ok);
  });

  it.each([
    ['+230 5250-0001', true],
    ['(020) 7946 0958', true],
    ['12345', true],
    ['ext. 12', false],
    ['+230/5250', false],
    ['', false],
  ])('%j is a phone of digits, plus, minus, spaces and brackets: %s', (phone, ok) => {
    expect(isContactPhone(phone)).toBe(ok);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(textLength('héllo 👋🏽')).toBe(8);
    expect(textLength('a'.repeat(1000))).toBe(1000);
  });

  it.each([
    ['Name is required', 'name'],
    ['Name should contain only letters and spaces', 'name'],
    ['Please enter a valid email address', 'email'],
    ['Email is required', 'email'],
    ['Invalid phone number format', 'phone'],
    ['Message should not exceed 1000 characters', 'message'],
    ['The email has already been used for this message', 'email'],
    ['Too many requests', null],
    ['Usernames are not accepted', null],
    ['This text contains a character that is not allowed', null],
  ])('maps the server text %j onto the field %s', (text, field) => {
    expect(contactFieldOf(text)).toBe(field);
  });

  it('spreads a 422 onto fields, the rest as general errors, the first text of a field kept', () => {
    expect(
      spreadContactErrors(['Name is required', 'Name should contain only letters and spaces', 'Try later']),
    ).toEqual({ fields: { name: 'Name is required' }, general: ['Try later'] });
  });
});
