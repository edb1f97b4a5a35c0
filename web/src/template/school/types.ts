/**
 * The school administration's shapes. Only the entities are known, not their fields, so each
 * carries its id, a display name, and only the keys the state needs to group challans by
 * campus, class and section and to pick a bank by category.
 */

export interface Campus {
  id: number;
  name: string;
}

export interface Staff {
  id: number;
  name: string;
  campusId: number;
}

export interface HeadOffice {
  id: number;
  name: string;
}

export interface Bank {
  id: number;
  name: string;
  /** The bank category a challan's bank is chosen under. */
  category: string;
}

export interface Vehicle {
  id: number;
  name: string;
  campusId: number;
}

export interface Hostel {
  id: number;
  name: string;
  campusId: number;
}

export interface Concession {
  id: number;
  name: string;
}

export interface Student {
  id: number;
  name: string;
  campusId: number;
  classId: number;
  sectionId: number;
}

/** A fee challan: the bill a student pays at a bank. */
export interface FeeChallan {
  id: number;
  studentId: number;
  campusId: number;
  classId: number;
  sectionId: number;
  amount: number;
  paid: boolean;
  /** YYYY-MM-DD, once received. */
  receivedOn: string | null;
  bankId: number | null;
}
