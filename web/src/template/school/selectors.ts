import type { SchoolState } from './state';
import type { Bank, Campus, FeeChallan, Student } from './types';

/** What the school screens would read from the state, derived rather than stored twice. */

export function selectSelectedCampus(state: SchoolState): Campus | undefined {
  const id = state.campuses.selectedCampusId;
  return state.campuses.campuses.find((campus) => campus.id === id);
}

/** The banks of the selected category (every bank when none is selected). */
export function selectBanksOfSelectedCategory(state: SchoolState): Bank[] {
  const category = state.campuses.selectedBankCategory;
  return category === null
    ? state.lists.banks
    : state.lists.banks.filter((bank) => bank.category === category);
}

/** The bank categories, in the order their banks are listed. */
export function selectBankCategories(state: SchoolState): string[] {
  return [...new Set(state.lists.banks.map((bank) => bank.category))];
}

export function selectSelectedBank(state: SchoolState): Bank | undefined {
  const id = state.campuses.selectedBankId;
  return state.lists.banks.find((bank) => bank.id === id);
}

/** A challan can be received once a date and a bank are chosen. */
export function selectCanReceiveChallans(state: SchoolState): boolean {
  return state.campuses.challanReceivingDate !== null && selectSelectedBank(state) !== undefined;
}

export interface ChallanTotals {
  paidCount: number;
  unpaidCount: number;
  paidAmount: number;
  unpaidAmount: number;
}

export function challanTotals(challans: readonly FeeChallan[]): ChallanTotals {
  const totals: ChallanTotals = { paidCount: 0, unpaidCount: 0, paidAmount: 0, unpaidAmount: 0 };
  for (const challan of challans) {
    if (challan.paid) {
      totals.paidCount += 1;
      totals.paidAmount += challan.amount;
    } else {
      totals.unpaidCount += 1;
      totals.unpaidAmount += challan.amount;
    }
  }
  return totals;
}

/** The selected campus's fee challans, paid or unpaid. */
export function selectSelectedCampusChallans(state: SchoolState, paid: boolean): FeeChallan[] {
  const id = state.campuses.selectedCampusId;
  const list = paid ? state.campuses.campusPaidChallans : state.campuses.campusUnpaidChallans;
  return id === null ? [] : list.filter((challan) => challan.campusId === id);
}

/** One section's fee challans, paid or unpaid. */
export function selectSectionChallans(
  state: SchoolState,
  sectionId: number,
  paid: boolean,
): FeeChallan[] {
  const list = paid ? state.campuses.sectionPaidChallans : state.campuses.sectionUnpaidChallans;
  return list.filter((challan) => challan.sectionId === sectionId);
}

/** Paid and unpaid totals of each section in the section fee challans. */
export function selectTotalsBySection(state: SchoolState): Map<number, ChallanTotals> {
  const bySection = new Map<number, FeeChallan[]>();
  for (const challan of state.campuses.sectionFeeChallans) {
    bySection.set(challan.sectionId, [...(bySection.get(challan.sectionId) ?? []), challan]);
  }
  return new Map([...bySection].map(([sectionId, list]) => [sectionId, challanTotals(list)]));
}

export function selectStudentsOfSelectedCampus(state: SchoolState): Student[] {
  const id = state.campuses.selectedCampusId;
  return id === null ? [] : state.students.students.filter((student) => student.campusId === id);
}

/** Staff, vehicles and hostels of the selected campus. */
export function selectSelectedCampusResources(state: SchoolState) {
  const id = state.campuses.selectedCampusId;
  const here = <T extends { campusId: number }>(items: readonly T[]) =>
    id === null ? [] : items.filter((item) => item.campusId === id);
  return {
    staff: here(state.lists.staff),
    vehicles: here(state.lists.vehicles),
    hostels: here(state.lists.hostels),
  };
}
