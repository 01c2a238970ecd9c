import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Cents, cents } from '../money/money';
import {
  applyCreditChange,
  availableToAdd,
  type CreditAccountState,
  checkCreditLimit,
  creditStatusLabel,
  debitForOrder,
  hasSufficientCredit,
  CREDIT_MESSAGES as M,
  previewBalance,
} from './credit';

const c = (n: number) => cents(n);
const account = (balance: number, limit: number | null, status = 'active'): CreditAccountState => ({
  balance: c(balance),
  creditLimit: limit === null ? null : c(limit),
  status,
});

describe('creditStatusLabel', () => {
  it.each([
    ['active', 'Active'],
    ['suspended', 'Suspended'],
    ['closed', 'Closed'],
    ['inactive', 'Inactive'],
    ['frozen', 'Unknown'],
    ['', 'Unknown'],
  ])('%s → %s', (status, label) => expect(creditStatusLabel(status)).toBe(label));
});

describe('previewBalance (spec 3 §4)', () => {
  it.each([
    [1000, 'add', 500, 1500],
    [1000, 'remove', 400, 600],
    [1000, 'remove', 1500, 0],
    [0, 'remove', 1, 0],
  ] as const)('%i %s %i → %i', (balance, kind, amount, expected) =>
    expect(previewBalance(c(balance), { kind, amount: c(amount) })).toBe(expected),
  );
});

describe('availableToAdd', () => {
  it.each([
    [account(300, 1000), 700],
    [account(1000, 1000), 0],
    [account(500, null), null],
  ])('%o → %s', (a, expected) => expect(availableToAdd(a)).toBe(expected));
});

describe('applyCreditChange (spec 3 §5)', () => {
  it.each([
    ['add within the limit', account(300, 1000), 'add', 700, { ok: true, value: 1000 }],
    [
      'add over the limit',
      account(300, 1000),
      'add',
      701,
      { ok: false, field: 'amount', message: M.overLimit('$7.00') },
    ],
    ['add with no limit', account(300, null), 'add', 99_999_900, { ok: true, value: 100_000_200 }],
    ['add zero', account(300, null), 'add', 0, { ok: false, field: 'amount', message: M.amount }],
    ['remove negative', account(300, null), 'remove', -5, { ok: false, field: 'amount', message: M.amount }],
    ['remove all', account(300, 1000), 'remove', 300, { ok: true, value: 0 }],
    [
      'remove over the balance',
      account(300, 1000),
      'remove',
      301,
      { ok: false, field: 'amount', message: M.overBalance('$3.00') },
    ],
  ] as const)('%s', (_, a, kind, amount, expected) =>
    expect(applyCreditChange(a, { kind, amount: c(amount) })).toEqual(expected),
  );
});

describe('checkCreditLimit', () => {
  it.each([
    [account(500, 1000), 500, { ok: true, value: 500 }],
    [account(500, 1000), null, { ok: true, value: null }],
    [account(500, 1000), 499, { ok: false, field: 'credit_limit', message: M.limitBelowBalance('$5.00') }],
  ] as const)('%o to %s', (a, limit, expected) =>
    expect(checkCreditLimit(a, limit === null ? null : c(limit))).toEqual(expected),
  );
});

describe('debitForOrder (spec 3 §4, §8)', () => {
  it.each([
    ['covers', account(5000, 10000), 5000, { ok: true, value: 0 }],
    [
      'short by a cent',
      account(4999, 10000),
      5000,
      { ok: false, field: 'payment_method', message: M.insufficient('$49.99') },
    ],
    [
      'suspended',
      account(5000, 10000, 'suspended'),
      100,
      { ok: false, field: 'payment_method', message: M.suspended },
    ],
    [
      'closed',
      account(5000, 10000, 'closed'),
      100,
      { ok: false, field: 'payment_method', message: M.notActive },
    ],
    [
      'inactive',
      account(5000, 10000, 'inactive'),
      100,
      { ok: false, field: 'payment_method', message: M.notActive },
    ],
    [
      'unknown status',
      account(5000, 10000, 'weird'),
      100,
      { ok: false, field: 'payment_method', message: M.notActive },
    ],
  ] as const)('%s', (_, a, total, expected) => expect(debitForOrder(a, c(total))).toEqual(expected));

  it('refuses a partner without an account', () => {
    expect(debitForOrder(null, c(1))).toEqual({ ok: false, field: 'payment_method', message: M.notActive });
    expect(hasSufficientCredit(null, c(0))).toBe(false);
  });
});

const money = fc.integer({ min: 0, max: 10_000_000 }).map((n) => n as Cents);

describe('properties', () => {
  it('keeps 0 ≤ balance ≤ limit through any sequence of operations', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), amount: money }),
      fc.record({ kind: fc.constant('remove' as const), amount: money }),
      fc.record({ kind: fc.constant('debit' as const), amount: money }),
      fc.record({ kind: fc.constant('limit' as const), amount: money }),
    );
    fc.assert(
      fc.property(money, fc.array(op, { maxLength: 30 }), (limit, ops) => {
        let state = account(0, limit);
        for (const o of ops) {
          const result =
            o.kind === 'debit'
              ? debitForOrder(state, o.amount)
              : o.kind === 'limit'
                ? checkCreditLimit(state, o.amount)
                : applyCreditChange(state, o);
          if (!result.ok) continue;
          state =
            o.kind === 'limit'
              ? { ...state, creditLimit: result.value }
              : { ...state, balance: result.value as Cents };
          expect(state.balance).toBeGreaterThanOrEqual(0);
          if (state.creditLimit !== null) expect(state.balance).toBeLessThanOrEqual(state.creditLimit);
        }
      }),
    );
  });

  it('a debit that is allowed takes exactly the grand total; one refused takes nothing', () => {
    fc.assert(
      fc.property(money, money, (balance, total) => {
        const result = debitForOrder(account(balance, null), total);
        if (total <= balance) expect(result).toEqual({ ok: true, value: balance - total });
        else expect(result.ok).toBe(false);
      }),
    );
  });

  it('adding then removing the same amount gives the balance back', () => {
    fc.assert(
      fc.property(money, fc.integer({ min: 1, max: 10_000_000 }), (balance, amount) => {
        const added = applyCreditChange(account(balance, null), { kind: 'add', amount: c(amount) });
        if (!added.ok) throw new Error('adding without a limit is always allowed');
        const removed = applyCreditChange(account(added.value, null), { kind: 'remove', amount: c(amount) });
        expect(removed).toEqual({ ok: true, value: balance });
      }),
    );
  });
});
