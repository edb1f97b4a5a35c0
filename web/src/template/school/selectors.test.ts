import { describe, expect, it } from 'vitest';
import {
  challanTotals,
  selectBankCategories,
  selectBanksOfSelectedCategory,
  selectCanReceiveChallans,
  selectSectionChallans,
  selectSelectedBank,
  selectSelectedCampus,
  selectSelectedCampusChallans,
  selectSelectedCampusResources,
  selectStudentsOfSelectedCampus,
  selectTotalsBySection,
} from './selectors';
import { initialSchoolState, type SchoolState } from './state';
import type { FeeChallan } from './types';

const challan = (id: number, overrides: Partial<FeeChallan> = {}): FeeChallan => ({
  id,
  studentId: id,
  campusId: 1,
  classId: 1,
  sectionId: 10,
  amount: 100,
  paid: false,
  receivedOn: null,
  bankId: null,
  ...overrides,
});

function school(overrides: {
  campuses?: Partial<SchoolState['campuses']>;
  lists?: Partial<SchoolState['lists']>;
  students?: Partial<SchoolState['students']>;
}): SchoolState {
  return {
    campuses: { ...initialSchoolState.campuses, ...overrides.campuses },
    lists: { ...initialSchoolState.lists, ...overrides.lists },
    students: { ...initialSchoolState.students, ...overrides.students },
  };
}

const banks = [
  { id: 1, name: 'First Bank', category: 'Commercial' },
  { id: 2, name: 'Crescent Bank', category: 'Islamic' },
  { id: 3, name: 'Harbor Bank', category: 'Commercial' },
];

describe('the school selectors', () => {
  it('find the selected campus', () => {
    const state = school({
      campuses: {
        campuses: [
          { id: 1, name: 'North' },
          { id: 2, name: 'South' },
        ],
        selectedCampusId: 2,
      },
    });
    expect(selectSelectedCampus(state)?.name).toBe('South');
    expect(selectSelectedCampus(school({}))).toBeUndefined();
  });

  it('offer the banks of the selected category, and every bank without one', () => {
    const state = school({ lists: { banks }, campuses: { selectedBankCategory: 'Commercial' } });
    expect(selectBanksOfSelectedCategory(state).map((bank) => bank.id)).toEqual([1, 3]);
    expect(selectBanksOfSelectedCategory(school({ lists: { banks } }))).toHaveLength(3);
    expect(selectBankCategories(state)).toEqual(['Commercial', 'Islamic']);
  });

  it('let challans be received once a date and a bank are chosen', () => {
    const none = school({ lists: { banks } });
    expect(selectCanReceiveChallans(none)).toBe(false);
    const dated = school({ lists: { banks }, campuses: { challanReceivingDate: '2025-01-15' } });
    expect(selectCanReceiveChallans(dated)).toBe(false);
    const ready = school({
      lists: { banks },
      campuses: { challanReceivingDate: '2025-01-15', selectedBankId: 2 },
    });
    expect(selectSelectedBank(ready)?.name).toBe('Crescent Bank');
    expect(selectCanReceiveChallans(ready)).toBe(true);
    const unknownBank = school({
      lists: { banks },
      campuses: { challanReceivingDate: '2025-01-15', selectedBankId: 9 },
    });
    expect(selectCanReceiveChallans(unknownBank)).toBe(false);
  });

  it("give the selected campus's paid and unpaid challans", () => {
    const state = school({
      campuses: {
        selectedCampusId: 1,
        campusPaidChallans: [challan(1, { paid: true }), challan(2, { paid: true, campusId: 2 })],
        campusUnpaidChallans: [challan(3), challan(4, { campusId: 2 })],
      },
    });
    expect(selectSelectedCampusChallans(state, true).map((item) => item.id)).toEqual([1]);
    expect(selectSelectedCampusChallans(state, false).map((item) => item.id)).toEqual([3]);
    expect(selectSelectedCampusChallans(school({}), true)).toEqual([]);
  });

  it("give a section's paid and unpaid challans and each section's totals", () => {
    const state = school({
      campuses: {
        sectionPaidChallans: [
          challan(1, { paid: true }),
          challan(2, { paid: true, sectionId: 11 }),
        ],
        sectionUnpaidChallans: [challan(3, { sectionId: 11 })],
        sectionFeeChallans: [
          challan(1, { paid: true, amount: 120 }),
          challan(2, { paid: true, sectionId: 11, amount: 80 }),
          challan(3, { sectionId: 11, amount: 50 }),
          challan(4, { amount: 30 }),
        ],
      },
    });
    expect(selectSectionChallans(state, 11, true).map((item) => item.id)).toEqual([2]);
    expect(selectSectionChallans(state, 11, false).map((item) => item.id)).toEqual([3]);
    expect(selectTotalsBySection(state)).toEqual(
      new Map([
        [10, { paidCount: 1, unpaidCount: 1, paidAmount: 120, unpaidAmount: 30 }],
        [11, { paidCount: 1, unpaidCount: 1, paidAmount: 80, unpaidAmount: 50 }],
      ]),
    );
    expect(challanTotals([])).toEqual({
      paidCount: 0,
      unpaidCount: 0,
      paidAmount: 0,
      unpaidAmount: 0,
    });
  });

  it("give the selected campus's students, staff, vehicles and hostels", () => {
    const state = school({
      campuses: { selectedCampusId: 2 },
      students: {
        students: [
          { id: 1, name: 'Ali', campusId: 1, classId: 1, sectionId: 10 },
          { id: 2, name: 'Sara', campusId: 2, classId: 1, sectionId: 20 },
        ],
      },
      lists: {
        staff: [
          { id: 1, name: 'Ms. Khan', campusId: 2 },
          { id: 2, name: 'Mr. Lee', campusId: 1 },
        ],
        vehicles: [{ id: 1, name: 'Bus 4', campusId: 2 }],
        hostels: [{ id: 1, name: 'East Hall', campusId: 1 }],
      },
    });
    expect(selectStudentsOfSelectedCampus(state).map((item) => item.name)).toEqual(['Sara']);
    const resources = selectSelectedCampusResources(state);
    expect(resources.staff.map((item) => item.name)).toEqual(['Ms. Khan']);
    expect(resources.vehicles).toHaveLength(1);
    expect(resources.hostels).toEqual([]);
  });
});
