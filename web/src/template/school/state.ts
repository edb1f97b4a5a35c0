import type {
  Bank,
  Campus,
  Concession,
  FeeChallan,
  HeadOffice,
  Hostel,
  Staff,
  Student,
  Vehicle,
} from './types';

/**
 * The client state slices of the school administration: campuses with their fee
 * challans and the challan choices, the plain lists, and the students. Pure reducers.
 */

export interface CampusesState {
  campuses: Campus[];
  campusFeeChallans: FeeChallan[];
  classChallans: FeeChallan[];
  sectionFeeChallans: FeeChallan[];
  campusPaidChallans: FeeChallan[];
  campusUnpaidChallans: FeeChallan[];
  sectionPaidChallans: FeeChallan[];
  sectionUnpaidChallans: FeeChallan[];
  selectedCampusId: number | null;
  /** YYYY-MM-DD */
  challanReceivingDate: string | null;
  selectedBankCategory: string | null;
  selectedBankId: number | null;
}

export const initialCampusesState: CampusesState = {
  campuses: [],
  campusFeeChallans: [],
  classChallans: [],
  sectionFeeChallans: [],
  campusPaidChallans: [],
  campusUnpaidChallans: [],
  sectionPaidChallans: [],
  sectionUnpaidChallans: [],
  selectedCampusId: null,
  challanReceivingDate: null,
  selectedBankCategory: null,
  selectedBankId: null,
};

/** The challan lists of CampusesState, each loaded whole. */
export type ChallanList = Extract<
  keyof CampusesState,
  | 'campusFeeChallans'
  | 'classChallans'
  | 'sectionFeeChallans'
  | 'campusPaidChallans'
  | 'campusUnpaidChallans'
  | 'sectionPaidChallans'
  | 'sectionUnpaidChallans'
>;

export type CampusesAction =
  | { type: 'campuses/loaded'; campuses: Campus[] }
  | { type: 'campuses/challansLoaded'; list: ChallanList; challans: FeeChallan[] }
  | { type: 'campuses/campusSelected'; campusId: number | null }
  | { type: 'campuses/receivingDateSet'; date: string | null }
  | { type: 'campuses/bankCategorySelected'; category: string | null }
  | { type: 'campuses/bankSelected'; bankId: number | null }
  | { type: 'campuses/challanReceived'; challanId: number; date: string; bankId: number };

function receive(challan: FeeChallan, date: string, bankId: number): FeeChallan {
  return { ...challan, paid: true, receivedOn: date, bankId };
}

export function campusesReducer(state: CampusesState, action: CampusesAction): CampusesState {
  switch (action.type) {
    case 'campuses/loaded': {
      const kept = action.campuses.some((campus) => campus.id === state.selectedCampusId);
      return {
        ...state,
        campuses: action.campuses,
        selectedCampusId: kept ? state.selectedCampusId : null,
      };
    }
    case 'campuses/challansLoaded':
      return { ...state, [action.list]: action.challans };
    case 'campuses/campusSelected':
      return { ...state, selectedCampusId: action.campusId };
    case 'campuses/receivingDateSet':
      return { ...state, challanReceivingDate: action.date };
    case 'campuses/bankCategorySelected':
      // A bank belongs to one category: another category drops the bank chosen under the last.
      return {
        ...state,
        selectedBankCategory: action.category,
        selectedBankId:
          action.category === state.selectedBankCategory ? state.selectedBankId : null,
      };
    case 'campuses/bankSelected':
      return { ...state, selectedBankId: action.bankId };
    case 'campuses/challanReceived': {
      // Received: it moves from the unpaid lists to the paid ones, wherever it is listed.
      const { challanId, date, bankId } = action;
      const target = (list: FeeChallan[]) => list.find((challan) => challan.id === challanId);
      const found =
        target(state.campusUnpaidChallans) ??
        target(state.sectionUnpaidChallans) ??
        target(state.campusFeeChallans) ??
        target(state.classChallans) ??
        target(state.sectionFeeChallans);
      if (!found) return state;
      const paid = receive(found, date, bankId);
      const mark = (list: FeeChallan[]) =>
        list.map((challan) => (challan.id === challanId ? paid : challan));
      const without = (list: FeeChallan[]) => list.filter((challan) => challan.id !== challanId);
      const withPaid = (list: FeeChallan[], listed: boolean) =>
        listed && !list.some((challan) => challan.id === challanId) ? [...list, paid] : mark(list);
      const inCampusUnpaid = Boolean(target(state.campusUnpaidChallans));
      const inSectionUnpaid = Boolean(target(state.sectionUnpaidChallans));
      return {
        ...state,
        campusFeeChallans: mark(state.campusFeeChallans),
        classChallans: mark(state.classChallans),
        sectionFeeChallans: mark(state.sectionFeeChallans),
        campusUnpaidChallans: without(state.campusUnpaidChallans),
        sectionUnpaidChallans: without(state.sectionUnpaidChallans),
        campusPaidChallans: withPaid(state.campusPaidChallans, inCampusUnpaid),
        sectionPaidChallans: withPaid(state.sectionPaidChallans, inSectionUnpaid),
      };
    }
  }
}

/** The plain lists: staff, head offices, banks, vehicles, hostels and concessions. */
export interface ListsState {
  staff: Staff[];
  headOffices: HeadOffice[];
  banks: Bank[];
  vehicles: Vehicle[];
  hostels: Hostel[];
  concessions: Concession[];
}

export const initialListsState: ListsState = {
  staff: [],
  headOffices: [],
  banks: [],
  vehicles: [],
  hostels: [],
  concessions: [],
};

type ListItem<K extends keyof ListsState> = ListsState[K][number];

export type ListsAction = {
  [K in keyof ListsState]:
    | { type: 'lists/loaded'; list: K; items: ListsState[K] }
    | { type: 'lists/added'; list: K; item: ListItem<K> }
    | { type: 'lists/updated'; list: K; item: ListItem<K> }
    | { type: 'lists/removed'; list: K; id: number };
}[keyof ListsState];

export function listsReducer(state: ListsState, action: ListsAction): ListsState {
  const items: readonly { id: number }[] = state[action.list];
  switch (action.type) {
    case 'lists/loaded':
      return { ...state, [action.list]: action.items };
    case 'lists/added':
      return { ...state, [action.list]: [...items, action.item] };
    case 'lists/updated':
      return {
        ...state,
        [action.list]: items.map((item) => (item.id === action.item.id ? action.item : item)),
      };
    case 'lists/removed':
      return { ...state, [action.list]: items.filter((item) => item.id !== action.id) };
  }
}

export interface StudentsState {
  students: Student[];
  /** The one student being looked at. */
  student: Student | null;
}

export const initialStudentsState: StudentsState = { students: [], student: null };

export type StudentsAction =
  | { type: 'students/loaded'; students: Student[] }
  | { type: 'students/studentLoaded'; student: Student | null }
  | { type: 'students/updated'; student: Student };

export function studentsReducer(state: StudentsState, action: StudentsAction): StudentsState {
  switch (action.type) {
    case 'students/loaded':
      return { ...state, students: action.students };
    case 'students/studentLoaded':
      return { ...state, student: action.student };
    case 'students/updated':
      return {
        students: state.students.map((student) =>
          student.id === action.student.id ? action.student : student,
        ),
        student: state.student?.id === action.student.id ? action.student : state.student,
      };
  }
}

/** The whole school state, one reducer per slice. */
export interface SchoolState {
  campuses: CampusesState;
  lists: ListsState;
  students: StudentsState;
}

export type SchoolAction = CampusesAction | ListsAction | StudentsAction;

export const initialSchoolState: SchoolState = {
  campuses: initialCampusesState,
  lists: initialListsState,
  students: initialStudentsState,
};

const isCampusesAction = (action: SchoolAction): action is CampusesAction =>
  action.type.startsWith('campuses/');
const isListsAction = (action: SchoolAction): action is ListsAction =>
  action.type.startsWith('lists/');

export function schoolReducer(state: SchoolState, action: SchoolAction): SchoolState {
  if (isCampusesAction(action)) {
    return { ...state, campuses: campusesReducer(state.campuses, action) };
  }
  if (isListsAction(action)) return { ...state, lists: listsReducer(state.lists, action) };
  return { ...state, students: studentsReducer(state.students, action) };
}
