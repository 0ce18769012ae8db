import { IAB_SIZES, sizeLabel } from '@adstudio/contract';

export const CUSTOM_SIZE = 'custom';

/** The size choices of the form and the list's size filter: IAB presets by name. */
export const SIZE_OPTIONS = IAB_SIZES.map((size) => ({
  value: sizeLabel(size),
  label: `${size.width} × ${size.height} · ${size.label}`,
}));

/** The preset a size is (`300x250`), or 'custom'. */
export function sizeChoice(width: unknown, height: unknown): string {
  const preset = IAB_SIZES.find((size) => size.width === width && size.height === height);
  return preset ? sizeLabel(preset) : CUSTOM_SIZE;
}

/** `300 × 250`, as people read a size. */
export const sizeText = (width: number, height: number) => `${width} × ${height}`;

export const CREATIVE_TABS = [
  'details',
  'assets',
  'packages',
  'dynamic-code',
  'preview',
  'qa',
  'tags',
  'history',
] as const;
export type CreativeTab = (typeof CREATIVE_TABS)[number];

export const CREATIVE_TAB_LABELS: Readonly<Record<CreativeTab, string>> = {
  details: 'Details',
  assets: 'Assets',
  packages: 'Packages',
  'dynamic-code': 'Dynamic code',
  preview: 'Preview',
  qa: 'QA',
  tags: 'Tags',
  history: 'History',
};
