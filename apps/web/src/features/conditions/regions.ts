/**
 * Regions (ISO 3166-1 countries' ISO 3166-2 subdivisions) for the region pickers. Intl names
 * countries but cannot list their subdivisions, so the names come from `country-region-data`
 * (about 4,000), loaded on first use as a chunk of its own.
 */

export interface RegionOption {
  /** What a condition compares and a context carries: the region's name ("Île-de-France"). */
  name: string;
  /** ISO 3166-2 ("FR-IDF"); some small territories have none and show their country code. */
  code: string;
  /** ISO 3166-1 alpha-2 ("FR"). */
  country: string;
  countryName: string;
}

/** `country-region-data`'s shape: [country name, code, [region name, subdivision code][]]. */
type CountryData = readonly [string, string, readonly (readonly [string, string?])[]];

/**
 * An ISO 3166-2 code from the list's spelling of it: "IDF" in France is FR-IDF, "DK-84" stays, and
 * a missing one (spelt "undefined" in places) is the country's own code.
 */
function subdivisionCode(country: string, code: string | undefined): string {
  const part = code?.trim().toUpperCase() ?? '';
  if (!part || part === 'UNDEFINED' || part === country) return country;
  return part.startsWith(`${country}-`) ? part : `${country}-${part}`;
}

/** The regions of every country, by country then name (what the loaded chunk holds). */
export function regionsOf(countries: readonly CountryData[]): RegionOption[] {
  return countries.flatMap(([countryName, country, regions]) =>
    regions.map(([name, code]) => ({ name, code: subdivisionCode(country, code), country, countryName })),
  );
}

/** Loads the list (the query cache keeps it: see useRegions). */
export const loadRegions = async (): Promise<RegionOption[]> =>
  regionsOf((await import('country-region-data')).allCountries as unknown as CountryData[]);

/** The regions of `countries` (all when none is given). */
export const regionsIn = (regions: readonly RegionOption[], countries: readonly string[]): RegionOption[] => {
  if (countries.length === 0) return [...regions];
  const wanted = new Set(countries.map((code) => code.toUpperCase()));
  return regions.filter((region) => wanted.has(region.country));
};

/**
 * Countries a condition's predicates name (`country` equal to or in …), so its region pickers offer
 * their regions first; a country excluded (`neq`, `not_in`) narrows nothing.
 */
export function countriesNamed(
  predicates: readonly { field: string; operator: string; value: unknown }[],
): string[] {
  const codes = predicates
    .filter((p) => p.field === 'country' && (p.operator === 'eq' || p.operator === 'in'))
    .flatMap((p) => (Array.isArray(p.value) ? p.value : [p.value]))
    .map((code) => String(code).trim().toUpperCase())
    .filter((code) => /^[A-Z]{2}$/.test(code));
  return [...new Set(codes)];
}
