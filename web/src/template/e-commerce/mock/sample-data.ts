import {
  DEMO_ROLES,
  SPEC_IDS,
  type Customer,
  type DemoUserRecord,
  type Product,
  type Remark,
  type SpecId,
  type Specification,
} from '../schemas';
import { demoUserRecord } from './auth';
import type { ShopData } from './backend';

/**
 * The template's demo data, generated the same way on every visit from a fixed seed. Here the
 * sample data is the feature (demo shop apps backed by mocked endpoints).
 */

/** mulberry32: a small seeded generator, so every visit sees the same shop. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let at = copy.length - 1; at > 0; at -= 1) {
    const other = Math.floor(rng() * (at + 1));
    [copy[at], copy[other]] = [copy[other] as T, copy[at] as T];
  }
  return copy;
}
const pad = (value: number) => String(value).padStart(2, '0');
const date = (rng: Rng, fromYear: number, toYear: number) =>
  `${pad(between(rng, 1, 12))}/${pad(between(rng, 1, 28))}/${between(rng, fromYear, toYear)}`;

const FEMALE = [
  'Sonni',
  'Aurora',
  'Marla',
  'Hedda',
  'Imogen',
  'Lorrie',
  'Tamara',
  'Odessa',
  'Kristy',
  'Wynne',
  'Celia',
  'Noemi',
];
const MALE = [
  'Gandy',
  'Sherwood',
  'Emery',
  'Ludovico',
  'Barnaby',
  'Rufus',
  'Anton',
  'Desmond',
  'Jasper',
  'Milo',
  'Tobias',
  'Conrad',
];
const LAST = [
  'Gandy',
  'Arnett',
  'Hatherleigh',
  'Blakeborough',
  'Crosbie',
  'Dunkerley',
  'Emanuelli',
  'Fairleigh',
  'Garrity',
  'Hollyer',
  'Ivanchenko',
  'Jorgesen',
  'Kettley',
  'Lambourne',
  'McKibbin',
  'Northcote',
];
const DOMAINS = ['example.com', 'example.org', 'example.net'];

export const MANUFACTURES: Readonly<Record<string, readonly string[]>> = {
  Pontiac: ['Grand Prix', 'Firebird', 'Vibe'],
  Kia: ['Sportage', 'Sorento', 'Rio'],
  Lotus: ['Elise', 'Evora', 'Exige'],
  Subaru: ['Outback', 'Forester', 'Impreza'],
  Jeep: ['Wrangler', 'Cherokee', 'Compass'],
  Mitsubishi: ['Lancer', 'Outlander', 'Pajero'],
  Chevrolet: ['Camaro', 'Malibu', 'Tahoe'],
  Audi: ['A4', 'Q5', 'TT'],
  Cadillac: ['Escalade', 'CTS', 'XT5'],
  Dodge: ['Charger', 'Durango', 'Ram 1500'],
  Lexus: ['RX 350', 'IS 250', 'GX 460'],
  Honda: ['Accord', 'Civic', 'CR-V'],
  Nissan: ['Altima', 'Rogue', 'Maxima'],
  Ford: ['Mustang', 'Focus', 'F-150'],
  Hyundai: ['Elantra', 'Tucson', 'Sonata'],
  Toyota: ['Camry', 'Corolla', 'RAV4'],
};
export const COLORS = [
  'Black',
  'Red',
  'CadetBlue',
  'Gold',
  'LightSlateGrey',
  'RoyalBlue',
  'Crimson',
  'Blue',
  'Sienna',
  'Indigo',
  'Green',
  'Violet',
  'GoldenRod',
  'OrangeRed',
  'Khaki',
  'Teal',
  'Purple',
  'Orange',
  'Pink',
  'DarkTurquoise',
] as const;
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

const REMARK_TEXTS = [
  'Customer asked for a test drive next week',
  'Replace the rear tires before delivery',
  'Price negotiable for a cash buyer',
  'Service history is complete',
  'Small scratch on the driver door',
  'Call back about the trade-in offer',
  'Detailing booked before the photo shoot',
  'Check the air conditioning',
];

const SPEC_VALUES: Readonly<Record<SpecId, readonly string[]>> = {
  0: ['2', '4', '5', '7'],
  1: ['Gasoline', 'Diesel', 'Hybrid', 'Electric'],
  2: ['In stock', '2 left', 'On order'],
  3: ['2', '4', '5'],
  4: ['1.6L I4', '2.0L I4 Turbo', '3.5L V6', '5.0L V8'],
  5: ['Automatic', 'Manual', 'CVT'],
  6: ['FWD', 'RWD', 'AWD', '4WD'],
  7: ['22', '28', '34', '41'],
  8: ['3 years / 36,000 miles', '5 years / 60,000 miles'],
  9: ['16-inch steel', '17-inch alloy', '19-inch alloy'],
};

function customers(rng: Rng, count: number): Customer[] {
  return Array.from({ length: count }, (_, at) => {
    const female = rng() < 0.5;
    const firstName = pick(rng, female ? FEMALE : MALE);
    const lastName = pick(rng, LAST);
    const created = date(rng, 2015, 2019);
    return {
      id: at + 1,
      firstName,
      lastName,
      email: `${firstName[0] ?? ''}${lastName}${at + 1}@${pick(rng, DOMAINS)}`.toLowerCase(),
      userName: `${firstName}${lastName[0] ?? ''}${at + 1}`.toLowerCase(),
      gender: female ? 'Female' : 'Male',
      status: pick(rng, [0, 1, 2] as const),
      dateOfBbirth: date(rng, 1955, 2001),
      ipAddress: Array.from({ length: 4 }, () => between(rng, 1, 254)).join('.'),
      type: pick(rng, [0, 1] as const),
      _userId: DEMO_ROLES.admin,
      _createdDate: created,
      _updatedDate: created,
    };
  });
}

function products(rng: Rng, count: number): Product[] {
  const makes = Object.keys(MANUFACTURES);
  return Array.from({ length: count }, (_, at) => {
    const manufacture = pick(rng, makes);
    const model = pick(rng, MANUFACTURES[manufacture] ?? ['']);
    const modelYear = between(rng, 1995, 2019);
    const color = pick(rng, COLORS);
    const created = date(rng, 2016, 2019);
    return {
      id: at + 1,
      model,
      manufacture,
      modelYear,
      mileage: between(rng, 0, 180) * 1000 + between(rng, 0, 999),
      description: `${modelYear} ${manufacture} ${model} in ${color}, one owner, serviced on schedule.`,
      color,
      price: between(rng, 40, 900) * 100,
      condition: pick(rng, [0, 1] as const),
      status: pick(rng, [0, 1] as const),
      VINCode: Array.from({ length: 17 }, () => pick(rng, [...VIN_ALPHABET])).join(''),
      createdDate: created,
      _userId: DEMO_ROLES.admin,
      _createdDate: created,
      _updatedDate: created,
    };
  });
}

function remarksOf(rng: Rng, cars: readonly Product[]): Remark[] {
  const remarks: Remark[] = [];
  for (const car of cars) {
    const count = between(rng, 1, 5);
    for (let at = 0; at < count; at += 1) {
      remarks.push({
        id: remarks.length + 1,
        carId: car.id,
        text: pick(rng, REMARK_TEXTS),
        type: pick(rng, [0, 1, 2] as const),
        dueDate: date(rng, 2019, 2020),
        _isEditMode: false,
        _userId: DEMO_ROLES.admin,
        _createdDate: car._createdDate,
        _updatedDate: car._createdDate,
      });
    }
  }
  return remarks;
}

function specificationsOf(rng: Rng, cars: readonly Product[]): Specification[] {
  const specifications: Specification[] = [];
  for (const car of cars) {
    const ids = shuffled(rng, SPEC_IDS).slice(0, between(rng, 3, 6));
    for (const specId of ids.sort((a, b) => a - b)) {
      specifications.push({
        id: specifications.length + 1,
        carId: car.id,
        specId,
        value: pick(rng, SPEC_VALUES[specId]),
      });
    }
  }
  return specifications;
}

const emailSettings: DemoUserRecord['emailSettings'] = {
  emailNotification: true,
  sendCopyToPersonalEmail: false,
  activityRelatesEmail: {
    youHaveNewNotifications: false,
    youAreSentADirectMessage: false,
    someoneAddsYouAsAsAConnection: true,
    uponNewOrder: false,
    newMembershipApproval: false,
    memberRegistration: true,
  },
  productUpdates: {
    newsAboutProductsAndFeatureUpdates: false,
    tipsOnGettingMoreOutOfTheProduct: false,
    thingsYouMissedSindeYouLastLoggedIntoTheProduct: true,
    newsAboutProductsOnPartnerProductsAndOtherServices: true,
    tipsOnStartBusinessProducts: true,
  },
};

const address = (addressLine: string, city: string, state: string, postCode: string) => ({
  addressLine,
  city,
  state,
  postCode,
});

/** A demo user named after its role (`admin@demo.com`…), with the password `demo`. */
function sampleUser(
  role: keyof typeof DEMO_ROLES,
  fullname: string,
  details: Pick<DemoUserRecord, 'authToken' | 'refreshToken'> & Partial<DemoUserRecord>,
): DemoUserRecord {
  return demoUserRecord({
    id: DEMO_ROLES[role],
    username: role,
    password: 'demo',
    email: `${role}@demo.com`,
    roles: [DEMO_ROLES[role]],
    fullname,
    companyName: 'Demo Motors',
    website: 'https://example.com',
    emailSettings,
    communication: { email: true, sms: true, phone: false },
    socialNetworks: {
      linkedIn: `https://linkedin.com/${role}`,
      facebook: `https://facebook.com/${role}`,
      twitter: `https://twitter.com/${role}`,
      instagram: `https://instagram.com/${role}`,
    },
    ...details,
  });
}

/** The demo users admin, user and guest (roles 1, 2, 3); password `demo`. */
export const DEMO_USERS: readonly DemoUserRecord[] = [
  sampleUser('admin', 'Sean Stark', {
    authToken: 'access-token-8f3ae836da744329a6f93bf20594b5cc',
    refreshToken: 'access-token-f8c137a2c98743f48b643e71161d90aa',
    occupation: 'CEO',
    phone: '456669067890',
    address: address('L-12-20 Vertex, Cybersquare', 'San Francisco', 'California', '45000'),
  }),
  sampleUser('user', 'Megan Fox', {
    authToken: 'access-token-6829bba69dd3421d8762-991e9e806dbf',
    refreshToken: 'access-token-f8e4c61a318e4d89b23e-7a2f1d72b1a8',
    occupation: 'Deputy Head of Sales',
    phone: '456669067891',
    address: address('3487 Ingram Road', 'Greensboro', 'North Carolina', '27409'),
  }),
  sampleUser('guest', 'Ginobili Maccari', {
    authToken: 'access-token-d2dff7b82f784de584b60964abbe45b9',
    refreshToken: 'access-token-c999ccfe74aa40d0aa1a64c5e620c1a5',
    occupation: 'CFO',
    companyName: 'Loop Inc.',
    phone: '456669067892',
    address: address('1467 Griffin Street', 'Phoenix', 'Arizona', '85012'),
  }),
];

export const SAMPLE_SEED = 20191105;

/** The shop as it opens: 50 customers, 40 cars with their remarks and specifications. */
export function createSampleData(seed = SAMPLE_SEED): ShopData {
  const rng = random(seed);
  const cars = products(rng, 40);
  return {
    customers: customers(rng, 50),
    products: cars,
    remarks: remarksOf(rng, cars),
    specifications: specificationsOf(rng, cars),
    users: DEMO_USERS.map((user) => structuredClone(user)),
  };
}
