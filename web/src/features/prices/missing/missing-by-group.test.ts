import { describe, expect, it } from 'vitest';
import { missingByGroup } from './missing-by-group';

const groups = [
  { id: 5, name: 'Inland' },
  { id: 2, name: 'Bay' },
];
const types = [
  { id: 3, name: 'Card' },
  { id: 1, name: 'Cash' },
];
const unnamed = { group: (id: string) => `Group ${id}`, type: (id: string) => `Type ${id}` };

describe('the missing rows by group', () => {
  it('follow the order of the lists, whatever the order of the keys', () => {
    expect(missingByGroup(['2:1', '5:1', '5:3'], groups, types, unnamed)).toEqual([
      {
        id: '5',
        name: 'Inland',
        rows: [
          { key: '5:3', type: 'Card' },
          { key: '5:1', type: 'Cash' },
        ],
      },
      { id: '2', name: 'Bay', rows: [{ key: '2:1', type: 'Cash' }] },
    ]);
  });

  it('name a group or type the lists no longer hold by its id, after the listed ones', () => {
    expect(missingByGroup(['12:1', '2:7', '2:1', '10:1'], groups, types, unnamed)).toEqual([
      {
        id: '2',
        name: 'Bay',
        rows: [
          { key: '2:1', type: 'Cash' },
          { key: '2:7', type: 'Type 7' },
        ],
      },
      { id: '10', name: 'Group 10', rows: [{ key: '10:1', type: 'Cash' }] },
      { id: '12', name: 'Group 12', rows: [{ key: '12:1', type: 'Cash' }] },
    ]);
  });
});
