/**
 * The template's static widgets: their sample figures and names ARE the feature,
 * so they live here. Words to translate live in `locales/`; what reads the same in every language
 * (people, companies, products, amounts) lives here.
 */

export type StatusKey =
  'APPROVED' | 'IN_PROGRESS' | 'SUCCESS' | 'REJECTED' | 'PAID' | 'PENDING' | 'IN_PROCESS';

export type LabelKey = 'CUSTOMER' | 'PARTNER' | 'SUPPLIER' | 'MEMBER' | 'STAFF';

export type Tone = 'primary' | 'success' | 'warning' | 'destructive' | 'info';

/** Weekly Sales Stats: 12 monthly points, thousands of dollars, y from 0 to 37. */
export const WEEKLY_SALES: readonly number[] = [12, 18, 14, 25, 21, 30, 24, 28, 33, 26, 35, 31];
export const WEEKLY_SALES_Y_MAX = 37;
export const WEEKLY_SALES_HEIGHT = 150;

export const COUNTERS = [
  { key: 'PRODUCTS', value: 790, tone: 'primary' },
  { key: 'CUSTOMERS', value: 8600, tone: 'success' },
  { key: 'ORDERS', value: 1250, tone: 'warning' },
  { key: 'REVIEWS', value: 312, tone: 'info' },
] as const;

export const SALES_STAT = {
  total: 12540,
  change: 0.125,
  tiles: [
    { key: 'WEEKLY_SALES', value: 2800, money: true, tone: 'warning' },
    { key: 'NEW_USERS', value: 1046, money: false, tone: 'primary' },
    { key: 'ITEM_ORDERS', value: 358, money: false, tone: 'destructive' },
    { key: 'BUG_REPORTS', value: 12, money: false, tone: 'success' },
  ],
} as const;

export const ACTION_NEEDED_PROGRESS = 74;

export const TASKS = [
  { key: 'BRIEFING', tone: 'success' },
  { key: 'CONCEPT', tone: 'warning' },
  { key: 'LOGIC', tone: 'destructive' },
  { key: 'DEVELOPMENT', tone: 'info' },
  { key: 'TESTING', tone: 'primary' },
] as const;

export const AUTHORS = [
  { name: 'Ricky Hunt', skills: 'PHP, SQLite, Artisan CLI' },
  { name: 'Anne Clarc', skills: 'React, TypeScript, Vite' },
  { name: 'Kristaps Zarins', skills: 'Python, Django, Celery' },
  { name: 'Emma Bold', skills: 'Go, gRPC, PostgreSQL' },
  { name: 'Luca Moretti', skills: 'Figma, Tailwind CSS' },
] as const;

export const TODOS = [
  { key: 'LOGO', due: 'DUE_TODAY', label: 'CUSTOMER', done: false, tone: 'success' },
  { key: 'MEETING', due: 'DUE_TOMORROW', label: 'PARTNER', done: true, tone: 'primary' },
  { key: 'SCOPING', due: 'DUE_FRIDAY', label: 'SUPPLIER', done: false, tone: 'warning' },
  { key: 'SHOWCASE', due: 'DUE_FRIDAY', label: 'MEMBER', done: false, tone: 'info' },
  { key: 'REVIEW', due: 'DUE_NEXT_WEEK', label: 'STAFF', done: false, tone: 'destructive' },
] as const satisfies readonly (Record<string, unknown> & { label: LabelKey })[];

export const TRENDS = [
  { key: 'TOP_AUTHORS', value: 82, tone: 'primary' },
  { key: 'POPULAR', value: 280, tone: 'success' },
  { key: 'NEW_USERS', value: 4500, tone: 'warning' },
  { key: 'ACTIVE', value: 2400, tone: 'info' },
  { key: 'BESTSELLER', value: 1620, tone: 'destructive' },
] as const;

export const ACTIVITY = [
  { time: '08:42', key: 'OUTLINE', tone: 'warning' },
  { time: '10:00', key: 'MEETING', tone: 'success' },
  { time: '14:37', key: 'DEPOSIT', tone: 'destructive', amount: 700 },
  { time: '16:50', key: 'REVIEW', tone: 'primary' },
  { time: '21:03', key: 'ORDER', tone: 'info', order: '#XF-2356' },
  { time: '23:07', key: 'MAINTENANCE', tone: 'success' },
] as const;

export const NOTIFICATIONS = [
  { key: 'LUNCH', change: 0.28, tone: 'warning' },
  { key: 'NAVIGATION', change: 0.5, tone: 'success' },
  { key: 'ICONS', change: -0.27, tone: 'destructive' },
  { key: 'SYNC', change: 0.08, tone: 'info' },
] as const;

export const MARKET_LEADERS = [
  { name: 'Northwind Energy', key: 'BEST_CUSTOMER', revenue: 3500000, tone: 'primary' },
  { name: 'Bluefield Oil', key: 'FASTEST', revenue: 2840000, tone: 'success' },
  { name: 'Summit Petroleum', key: 'MOST_STATIONS', revenue: 2310000, tone: 'warning' },
  { name: 'Atlas Stations', key: 'NEWCOMER', revenue: 1470000, tone: 'info' },
  { name: 'Ruby Fuel Co.', key: 'LOYAL', revenue: 980000, tone: 'destructive' },
] as const;

export const SALES_PROGRESS = {
  average: 24500,
  channels: [
    { key: 'STATIONS', percent: 76, tone: 'primary' },
    { key: 'ONLINE', percent: 54, tone: 'success' },
    { key: 'FLEET', percent: 38, tone: 'warning' },
    { key: 'CAR_WASH', percent: 82, tone: 'info' },
  ],
} as const;

export const EARNINGS_PERIODS = ['MONTH', 'WEEK', 'DAY'] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];

export const AUTHORS_EARNINGS = [
  {
    name: 'Brad Simmons',
    company: 'Movie Creator',
    earnings: 8000000,
    commission: 520,
    progress: 65,
    status: 'PAID',
  },
  {
    name: 'Jessie Clarcson',
    company: 'HTML, CSS Coding',
    earnings: 23800000,
    commission: 1600,
    progress: 83,
    status: 'APPROVED',
  },
  {
    name: 'Lebron Wayde',
    company: 'ReactJS Developer',
    earnings: 3400000,
    commission: 190,
    progress: 40,
    status: 'PENDING',
  },
  {
    name: 'Natali Trump',
    company: 'UI/UX Designer',
    earnings: 1200000,
    commission: 240,
    progress: 22,
    status: 'IN_PROCESS',
  },
  {
    name: 'Kevin Leonard',
    company: 'Laravel Developer',
    earnings: 6300000,
    commission: 410,
    progress: 71,
    status: 'REJECTED',
  },
] as const satisfies readonly (Record<string, unknown> & { status: StatusKey })[];

export const NEW_ARRIVALS = [
  {
    product: 'Sant Extreanet Solution',
    code: 'HTML, JS, ReactJS',
    price: 2790,
    deposit: 520,
    agent: 'Bradly Beal',
    status: 'APPROVED',
  },
  {
    product: 'Telegram Development',
    code: 'C#, ASP.NET, MS SQL',
    price: 4600,
    deposit: 1700,
    agent: 'Chris Thompson',
    status: 'IN_PROGRESS',
  },
  {
    product: 'Payroll Application',
    code: 'PHP, Laravel, VueJS',
    price: 23000,
    deposit: 6700,
    agent: 'Zoey McGee',
    status: 'SUCCESS',
  },
  {
    product: 'HR Management System',
    code: 'Python, PostgreSQL',
    price: 57000,
    deposit: 14000,
    agent: 'Brandon Ingram',
    status: 'REJECTED',
  },
  {
    product: 'KTR Mobile Application',
    code: 'Kotlin, Swift',
    price: 45200,
    deposit: 8900,
    agent: 'Natali Trump',
    status: 'IN_PROGRESS',
  },
] as const satisfies readonly (Record<string, unknown> & { status: StatusKey })[];

export const AGENTS = [
  { name: 'Jessie Clarcson', company: 'Intertico', deals: 48, earnings: 129000, status: 'PAID' },
  { name: 'Sean Bean', company: 'Alpha Fuels', deals: 37, earnings: 98500, status: 'PENDING' },
  { name: 'Lisa Bold', company: 'Harbor Energy', deals: 29, earnings: 76200, status: 'PAID' },
  {
    name: 'Carles Nilson',
    company: 'Metro Stations',
    deals: 21,
    earnings: 54800,
    status: 'IN_PROCESS',
  },
  { name: 'Olivia Park', company: 'Greenway Oil', deals: 12, earnings: 31900, status: 'REJECTED' },
] as const satisfies readonly (Record<string, unknown> & { status: StatusKey })[];

export const PROPERTIES = [
  {
    name: 'Sunset Boulevard 4410',
    city: 'Los Angeles, CA',
    type: 'STATION',
    price: 1250000,
    status: 'APPROVED',
  },
  {
    name: 'Harbor Road 12',
    city: 'Long Beach, CA',
    type: 'DEPOT',
    price: 3400000,
    status: 'PENDING',
  },
  {
    name: 'Mission Street 980',
    city: 'San Francisco, CA',
    type: 'CAR_WASH',
    price: 780000,
    status: 'IN_PROGRESS',
  },
  {
    name: 'Desert Inn Road 77',
    city: 'Las Vegas, NV',
    type: 'SHOP',
    price: 460000,
    status: 'SUCCESS',
  },
] as const satisfies readonly (Record<string, unknown> & { status: StatusKey })[];
