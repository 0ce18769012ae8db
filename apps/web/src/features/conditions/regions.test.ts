import { describe, expect, it } from 'vitest';
import { countriesNamed, loadRegions, regionsIn, regionsOf } from './regions';

describe('regions', () => {
  it('lists every country’s subdivisions with ISO 3166-2 codes, Île-de-France among France’s', async () => {
    const regions = await loadRegions();
    expect(regions.length).toBeGreaterThan(3000);
    const france = regionsIn(regions, ['fr']);
    expect(france).toContainEqual({
      name: 'Île-de-France',
      code: 'FR-IDF',
      country: 'FR',
      countryName: 'France',
    });
    expect(new Set(france.map((region) => region.country))).toEqual(new Set(['FR']));
    expect(regionsIn(regions, [])).toHaveLength(regions.length);
    for (const region of regions) expect(region.code, region.name).toMatch(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/);
  });

  it('spells codes as ISO 3166-2 does, a region without one showing its country’s', () => {
    expect(
      regionsOf([
        [
          'Ruritania',
          'RR',
          [
            ['Strelsau', 'STR'],
            ['Zenda', ''],
            ['Hentzau', 'undefined'],
            ['Tarlenheim', 'RR-12'],
          ],
        ],
      ]),
    ).toEqual([
      { name: 'Strelsau', code: 'RR-STR', country: 'RR', countryName: 'Ruritania' },
      { name: 'Zenda', code: 'RR', country: 'RR', countryName: 'Ruritania' },
      { name: 'Hentzau', code: 'RR', country: 'RR', countryName: 'Ruritania' },
      { name: 'Tarlenheim', code: 'RR-12', country: 'RR', countryName: 'Ruritania' },
    ]);
  });

  it('reads the countries a condition names, not those it excludes', () => {
    expect(
      countriesNamed([
        { field: 'country', operator: 'in', value: ['be', 'NL'] },
        { field: 'country', operator: 'eq', value: 'FR' },
        { field: 'country', operator: 'not_in', value: ['DE'] },
        { field: 'country', operator: 'neq', value: 'LU' },
        { field: 'region', operator: 'eq', value: 'Bretagne' },
        { field: 'country', operator: 'eq', value: 'France' },
        { field: 'country', operator: 'in', value: ['BE'] },
      ]),
    ).toEqual(['BE', 'NL', 'FR']);
  });
});
