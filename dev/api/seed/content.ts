/** The words of the seed: names, complaints, announcements, groups, prices. */

export const FIRST_NAMES = (
  'Olivia Liam Emma Noah Ava Mateo Sophia Lucas Isabella Ethan Mia James Camila Benjamin ' +
  'Harper Daniel Luna Henry Valentina Alexander Aaliyah Sebastian Chloe Jackson Grace Diego ' +
  'Nora Samuel Zoe David Priya Wei Hana Omar Fatima Hiroshi Ana Andre Leila Marcus Elena ' +
  'Kwame Ingrid Rafael Mei Tomas Naomi Jamal Sofia Arjun'
).split(' ');

export const LAST_NAMES = (
  'Martinez Nguyen Johnson Garcia Kim Patel Williams Lopez Chen Brown Rodriguez Davis ' +
  'Hernandez Wilson Tanaka Anderson Gonzalez Thomas Ramirez Moore Singh Jackson Flores ' +
  'White Park Harris Rivera Clark Sanchez Lewis Okafor Walker Torres Young Nakamura Allen ' +
  'Cruz King Reyes Wright Morales Scott Ali Green Castillo Baker Mendoza Adams Ortiz Nelson'
).split(' ');

export const COMPLAINTS = [
  [
    'Pump 4 overcharged me',
    'The pump showed $42.10 but my card was charged $52.10 on Tuesday evening.',
  ],
  [
    'Car wash was closed',
    'The app said the car wash was open until 10 pm but it was closed at 8 pm.',
  ],
  [
    'Wrong price on the display',
    'The sign outside showed regular at 4.59 but the pump charged 4.79.',
  ],
  [
    'Receipt printer not working',
    'No receipt at pump 2 for the last three visits. I need them for work.',
  ],
  ['Points not credited', 'My last two fill-ups did not add any loyalty points to my account.'],
  [
    'Rude staff at the counter',
    'The cashier refused to help me with the air pump and was very rude.',
  ],
  ['Diesel nozzle leaking', 'The diesel nozzle at pump 7 leaks onto the ground and my shoes.'],
  ['App crashed during payment', 'The app closed while paying and I do not know if I was charged.'],
  [
    'Restroom out of order',
    'The restroom has been out of order for a week at the Main Street station.',
  ],
  [
    'Offer code rejected',
    'The weekend offer code was rejected at checkout although it was still valid.',
  ],
  [
    'Long queue at the station',
    'Only one pump was working on Saturday morning; we waited 25 minutes.',
  ],
  ['Card declined twice', 'My card was declined twice at pump 3 but works everywhere else.'],
] as const;

export const RESPONSES = [
  'Thank you for telling us. We have refunded the difference to your card.',
  'We are sorry. The station manager has been informed and will follow up this week.',
  'We checked the records and could not find a problem with this transaction.',
  'A technician repaired the pump on Friday. Thank you for your patience.',
] as const;

export const ANNOUNCEMENTS = [
  {
    title: 'Weekend price drop',
    description:
      'Regular and premium are 10 cents cheaper per gallon this Saturday and Sunday at every station.',
    banner: ['WEEKEND', 'PRICE DROP'],
  },
  {
    title: 'New station in Pasadena',
    description:
      'Our new station on Colorado Blvd is open 24/7 with eight pumps, renewable diesel and a car wash.',
    banner: ['NOW OPEN', 'PASADENA'],
  },
  {
    title: 'Double points in December',
    description: 'Every gallon earns double loyalty points from December 1 to December 31.',
    banner: ['DOUBLE', 'POINTS'],
  },
  {
    title: 'Holiday opening hours',
    description:
      'Convenience stores close at 6 pm on December 24 and open at 10 am on December 25.',
    banner: ['HOLIDAY', 'HOURS'],
  },
  {
    title: 'App update 2.4',
    description:
      'Pay at the pump faster, see your receipts in the app, and get price alerts for your group.',
    banner: ['APP', 'UPDATE 2.4'],
  },
  {
    title: 'Check your tire pressure',
    description:
      'Cold mornings lower tire pressure. Free air at every station, and staff happy to help.',
    banner: null,
  },
] as const;

/** Groups are regions: their prices differ, as real ones do. */
export const GROUPS = [
  { name: 'Downtown LA Drivers', initials: 'LA', regular: 4.79 },
  { name: 'Bay Area Commuters', initials: 'BA', regular: 5.09 },
  { name: 'San Diego Fleet', initials: 'SD', regular: 4.89 },
  { name: 'Sacramento Valley', initials: 'SV', regular: 4.69 },
  { name: 'Inland Empire Truckers', initials: 'IE', regular: 4.59 },
] as const;

/**
 * A price type is how a customer pays; each carries the five grades of a price record
 * (regular, premium, diesel, renew_99, b_20), so the grades are not types themselves.
 */
export const FUEL_PRICE_TYPES = [
  { name: 'Cash', offset: 0 },
  { name: 'Credit Card', offset: 0.1 },
  { name: 'Fleet Card', offset: -0.05 },
] as const;

export const OFFERS = [
  { slot: 'first_image', lines: ['SAVE 10%', 'ON CAR WASH'] },
  { slot: 'second_image', lines: ['FREE COFFEE', 'WITH 10 GAL'] },
  { slot: 'third_image', lines: ['2X POINTS', 'EVERY FRIDAY'] },
] as const;

export const REPORT_ITEMS = [
  'Fuel purchase',
  'Fleet card statement',
  'Car wash package',
  'Monthly invoice',
] as const;
