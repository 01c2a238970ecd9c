import { describe, expect, it } from 'vitest';
import { filterOptionsOf, recordsOf } from './products.api';

describe('recordsOf', () => {
  it.each([
    [[{ id: 1, name: 'A' }], 1],
    [{ data: [{ id: 1, name: 'A' }] }, 1],
    [
      {
        data: {
          data: [
            { id: 1, name: 'A' },
            { id: 2, name: 'B' },
          ],
        },
      },
      2,
    ],
    [{ items: [{ id: 1, name: 'A' }] }, 1],
    [{ success: true, brands: [{ id: 1, name: 'A' }] }, 1],
    [{ message: 'Not found.' }, 0],
    [null, 0],
    ['<html>', 0],
  ])('%j → %i records', (reply, count) => {
    expect(recordsOf(reply)).toHaveLength(count);
  });
});

describe('filterOptionsOf', () => {
  it('lists nested categories under their parent', () => {
    const reply = {
      data: [
        { id: 1, name: 'Furniture', children: [{ id: 3, name: 'Tables', parent_id: 1 }] },
        { id: 2, name: 'Garden', children: [] },
      ],
    };
    expect(filterOptionsOf(reply)).toEqual([
      { value: '1', label: 'Furniture' },
      { value: '3', label: '— Tables' },
      { value: '2', label: 'Garden' },
    ]);
  });

  it('puts flat rows with parent_id under their parent, and orphans at the top', () => {
    const reply = [
      { id: 3, name: 'Tables', parent_id: 1 },
      { id: 1, name: 'Furniture', parent_id: null },
      { id: 4, name: 'Lost', parent_id: 99 },
    ];
    expect(filterOptionsOf(reply)).toEqual([
      { value: '1', label: 'Furniture' },
      { value: '3', label: '— Tables' },
      { value: '4', label: 'Lost' },
    ]);
  });

  it('names suppliers by company, person or e-mail, and skips records without id or name', () => {
    const reply = {
      data: [
        { id: 7, company_name: 'Island Supplies', first_name: 'Sofia' },
        { id: 8, first_name: 'Ravi', last_name: 'Doe' },
        { id: 9, email: 'x@example.test' },
        { id: 10 },
        { name: 'No id' },
      ],
    };
    expect(filterOptionsOf(reply)).toEqual([
      { value: '7', label: 'Island Supplies' },
      { value: '8', label: 'Ravi Doe' },
      { value: '9', label: 'x@example.test' },
    ]);
  });

  it('survives a tree that names itself', () => {
    expect(
      filterOptionsOf([{ id: 1, name: 'Loop', parent_id: 1, children: [{ id: 1, name: 'Loop' }] }]),
    ).toEqual([{ value: '1', label: 'Loop' }]);
  });
});
