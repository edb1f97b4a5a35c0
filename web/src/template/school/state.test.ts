import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  campusesReducer,
  initialCampusesState,
  initialListsState,
  initialSchoolState,
  initialStudentsState,
  listsReducer,
  schoolReducer,
  studentsReducer,
  type CampusesState,
} from './state';
import type { FeeChallan, Student } from './types';

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

const student = (id: number, overrides: Partial<Student> = {}): Student => ({
  id,
  name: `Student ${id}`,
  campusId: 1,
  classId: 1,
  sectionId: 10,
  ...overrides,
});

describe('the campuses state', () => {
  it('starts with nothing loaded and nothing selected', () => {
    expect(initialCampusesState).toMatchObject({
      campuses: [],
      selectedCampusId: null,
      challanReceivingDate: null,
      selectedBankCategory: null,
      selectedBankId: null,
    });
  });

  it('loads the campuses and forgets a selected campus that is gone', () => {
    const selected = { ...initialCampusesState, selectedCampusId: 2 };
    const kept = campusesReducer(selected, {
      type: 'campuses/loaded',
      campuses: [
        { id: 1, name: 'North' },
        { id: 2, name: 'South' },
      ],
    });
    expect(kept.selectedCampusId).toBe(2);
    const gone = campusesReducer(selected, {
      type: 'campuses/loaded',
      campuses: [{ id: 1, name: 'North' }],
    });
    expect(gone.selectedCampusId).toBeNull();
  });

  it.each([
    'campusFeeChallans',
    'classChallans',
    'sectionFeeChallans',
    'campusPaidChallans',
    'campusUnpaidChallans',
    'sectionPaidChallans',
    'sectionUnpaidChallans',
  ] as const)('loads the %s list on its own', (list) => {
    const challans = [challan(1), challan(2)];
    const state = campusesReducer(initialCampusesState, {
      type: 'campuses/challansLoaded',
      list,
      challans,
    });
    expect(state[list]).toEqual(challans);
    const others = Object.entries(state).filter(
      ([key, value]) => key !== list && Array.isArray(value) && value.length > 0,
    );
    expect(others).toEqual([]);
  });

  it('keeps the selected campus, receiving date, bank category and bank', () => {
    let state = campusesReducer(initialCampusesState, {
      type: 'campuses/campusSelected',
      campusId: 3,
    });
    state = campusesReducer(state, { type: 'campuses/receivingDateSet', date: '2025-01-15' });
    state = campusesReducer(state, { type: 'campuses/bankCategorySelected', category: 'Islamic' });
    state = campusesReducer(state, { type: 'campuses/bankSelected', bankId: 7 });
    expect(state).toMatchObject({
      selectedCampusId: 3,
      challanReceivingDate: '2025-01-15',
      selectedBankCategory: 'Islamic',
      selectedBankId: 7,
    });
  });

  it('drops the chosen bank when another bank category is chosen, not when the same one is', () => {
    const chosen = { ...initialCampusesState, selectedBankCategory: 'Islamic', selectedBankId: 7 };
    expect(
      campusesReducer(chosen, { type: 'campuses/bankCategorySelected', category: 'Islamic' })
        .selectedBankId,
    ).toBe(7);
    expect(
      campusesReducer(chosen, { type: 'campuses/bankCategorySelected', category: 'Commercial' })
        .selectedBankId,
    ).toBeNull();
  });

  it('moves a received challan from the unpaid lists to the paid ones', () => {
    const state: CampusesState = {
      ...initialCampusesState,
      campusFeeChallans: [challan(1), challan(2)],
      campusUnpaidChallans: [challan(1), challan(2)],
      sectionUnpaidChallans: [challan(1)],
      campusPaidChallans: [challan(3, { paid: true })],
    };
    const next = campusesReducer(state, {
      type: 'campuses/challanReceived',
      challanId: 1,
      date: '2025-01-15',
      bankId: 7,
    });
    const received = { ...challan(1), paid: true, receivedOn: '2025-01-15', bankId: 7 };
    expect(next.campusUnpaidChallans.map((item) => item.id)).toEqual([2]);
    expect(next.sectionUnpaidChallans).toEqual([]);
    expect(next.campusPaidChallans).toEqual([challan(3, { paid: true }), received]);
    expect(next.sectionPaidChallans).toEqual([received]);
    expect(next.campusFeeChallans).toEqual([received, challan(2)]);
  });

  it('ignores a challan it does not hold', () => {
    const state = { ...initialCampusesState, campusUnpaidChallans: [challan(1)] };
    expect(
      campusesReducer(state, {
        type: 'campuses/challanReceived',
        challanId: 9,
        date: '2025-01-15',
        bankId: 7,
      }),
    ).toBe(state);
  });
});

describe('the lists state: staff, head offices, banks, vehicles, hostels, concessions', () => {
  it('loads, adds, updates and removes in the named list only', () => {
    let state = listsReducer(initialListsState, {
      type: 'lists/loaded',
      list: 'banks',
      items: [
        { id: 1, name: 'First Bank', category: 'Commercial' },
        { id: 2, name: 'Second Bank', category: 'Islamic' },
      ],
    });
    state = listsReducer(state, {
      type: 'lists/added',
      list: 'banks',
      item: { id: 3, name: 'Third Bank', category: 'Islamic' },
    });
    state = listsReducer(state, {
      type: 'lists/updated',
      list: 'banks',
      item: { id: 1, name: 'First National', category: 'Commercial' },
    });
    state = listsReducer(state, { type: 'lists/removed', list: 'banks', id: 2 });
    expect(state.banks.map((bank) => bank.name)).toEqual(['First National', 'Third Bank']);
    expect(state.staff).toEqual([]);
    expect(state.concessions).toEqual([]);
  });

  it('keeps each list apart', () => {
    const state = listsReducer(initialListsState, {
      type: 'lists/loaded',
      list: 'hostels',
      items: [{ id: 1, name: 'East Hall', campusId: 1 }],
    });
    expect(state.hostels).toHaveLength(1);
    expect(state.vehicles).toEqual([]);
    expect(state.headOffices).toEqual([]);
  });
});

describe('the students state', () => {
  it('holds all students and one student, kept in step on update', () => {
    let state = studentsReducer(initialStudentsState, {
      type: 'students/loaded',
      students: [student(1), student(2)],
    });
    state = studentsReducer(state, { type: 'students/studentLoaded', student: student(2) });
    state = studentsReducer(state, {
      type: 'students/updated',
      student: student(2, { name: 'Renamed' }),
    });
    expect(state.student?.name).toBe('Renamed');
    expect(state.students.map((item) => item.name)).toEqual(['Student 1', 'Renamed']);
    expect(
      studentsReducer(state, { type: 'students/studentLoaded', student: null }).student,
    ).toBeNull();
  });
});

/** `@/template/school/…`, `../school/…`, `../../template/school` in an import or import(). */
const SCHOOL_IMPORT = /['"](?:@\/template\/|(?:\.\.\/)+(?:template\/)?)school(?:\/[^'"]*)?['"]/;

describe('the school state', () => {
  it('hands each action to its slice and leaves the others alone', () => {
    const state = schoolReducer(initialSchoolState, {
      type: 'campuses/campusSelected',
      campusId: 1,
    });
    expect(state.campuses.selectedCampusId).toBe(1);
    expect(state.lists).toBe(initialSchoolState.lists);
    expect(state.students).toBe(initialSchoolState.students);
    const withStudents = schoolReducer(state, { type: 'students/loaded', students: [student(1)] });
    expect(withStudents.campuses).toBe(state.campuses);
    expect(withStudents.students.students).toHaveLength(1);
  });

  it('is imported by no other source file, so it is in no page bundle', () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const src = join(here, '..', '..');
    const importers: string[] = [];
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (path !== here) visit(path);
        } else if (/\.(ts|tsx)$/.test(entry.name)) {
          const text = readFileSync(path, 'utf8');
          if (SCHOOL_IMPORT.test(text)) importers.push(relative(src, path));
        }
      }
    };
    visit(src);
    expect(importers).toEqual([]);
  });
});
