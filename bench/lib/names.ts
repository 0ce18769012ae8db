import { IAB_SIZES, type Status } from '@adstudio/contract';
import { seededRandom } from '@adstudio/server/src/lib/random';

/**
 * Believable, deterministic data for the benchmarks: brands (some non-ASCII), campaign themes,
 * creative sizes and a weighted status mix. Nothing here contains "umber", so the planted
 * "Big Lumber" rows are the only ones a search for it can find.
 */
export const BRANDS = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark',
  'Wayne',
  'Wonka',
  'Tyrell',
  'Cyberdyne',
  'Soylent',
  'Aperture',
  'Vandelay',
  'Gringotts',
  'Oceanic',
  'Nakatomi',
  'Monarch',
  'Dunder',
  'Pied Piper',
  'Zephyr',
  'Lumen Coffee',
  'Arcadia Motors',
  'Polar Bank',
  'Greenleaf Grocers',
  'Skyline Air',
  'Nordic Telecom',
  'Harbor Insurance',
  'Pixel Games',
  'Cedar Furniture',
  'Vita Pharmacy',
  'Café Noir',
  'Überbrand',
  'Crème Brûlée Co',
  'Søndergaard',
  'Łódź Design',
  'Nike',
  'Adidas',
  'Lego',
  'Mattel',
  'Sega',
] as const;

export const THEMES = [
  'Summer Sale',
  'Winter Promo',
  'Back to School',
  'Black Friday',
  'Holiday Gift Sets',
  'Spring Launch',
  'Brand Awareness',
  'Retargeting',
  'Prospecting',
  'Clearance',
  'New Collection',
  'Loyalty',
  'App Install',
  'Video Push',
  'Always-On',
  'Test Drive Week',
  'Premiere Night',
  'City Breaks',
] as const;

/** The old rows a contains-search must still find ("umber" is in nothing else). */
export const PLANTED = {
  brand: 'Big Lumber',
  theme: 'Plaid Shirts',
  rareText: 'umber',
} as const;

/** Creatives are mostly of the IAB sizes the form offers, sometimes of a custom one. */
export const STANDARD_SIZES = IAB_SIZES.map(({ width, height }) => ({ width, height }));
export const CUSTOM_SIZES = [
  { width: 640, height: 360 },
  { width: 1080, height: 1920 },
];

/** How often each status occurs: most campaigns have finished, few need action. */
const STATUS_WEIGHTS: [Status, number][] = [
  ['finished', 40],
  ['live', 15],
  ['delivered', 10],
  ['draft', 10],
  ['ready', 8],
  ['testing', 7],
  ['quality assurance', 7],
  ['action required', 3],
];
const WEIGHTED_STATUSES = STATUS_WEIGHTS.flatMap(([status, weight]) => Array<Status>(weight).fill(status));

export interface Random {
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
  status(): Status;
}

/** mulberry32: every run fills the same data. */
export function random(seed: number): Random {
  const next = seededRandom(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)]!;
  return { int, pick, chance: (p) => next() < p, status: () => pick(WEIGHTED_STATUSES) };
}

/** `Café Noir` → `cafenoir`, for host names. */
export const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

export const campaignName = (brand: string, theme: string, year: number, n: number) =>
  `${brand} – ${theme} ${year} #${n}`;

export const creativeName = (
  brand: string,
  theme: string,
  size: { width: number; height: number },
  n: number,
) => `${brand} ${size.width}x${size.height} ${theme} v${1 + (n % 4)} #${n}`;

export const profileName = (brand: string, theme: string, n: number) => `${brand} feed – ${theme} #${n}`;
