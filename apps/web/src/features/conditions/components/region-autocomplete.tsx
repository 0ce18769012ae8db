import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { rankMatches } from '../rank-matches';
import { loadRegions, type RegionOption, regionsIn } from '../regions';

/** At most this many matches are listed; typing narrows them. */
const SHOWN_MAX = 100;

/** The region list, loaded once per session of the app (it never changes while it runs). */
const useRegions = () =>
  useQuery({
    queryKey: ['regions'],
    queryFn: loadRegions,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

interface CommonProps {
  label: string;
  /** ISO 3166-1 codes whose regions are offered; none offers every country's. */
  countries: readonly string[];
  disabled?: boolean;
  error?: boolean;
  /** Shown under the input; by default it says which countries' regions are offered. */
  helperText?: string | undefined;
}

/** "FR-IDF · France"; a name several countries share lists each. */
const detailOf = (regions: readonly RegionOption[]) =>
  regions.map((region) => `${region.code} · ${region.countryName}`).join(', ');

/**
 * Picks region names (what a context's `region` carries, e.g. "Île-de-France"), found by name or by
 * ISO 3166-2 code (without minding accents, case or hyphens), among the regions of `countries`. Any other name can be typed: geolocation
 * services do not all spell regions alike.
 */
export function RegionAutocomplete(
  props: CommonProps &
    (
      | { multiple: true; value: readonly string[]; onChange: (value: string[]) => void }
      | { multiple?: false; value: string; onChange: (value: string) => void }
    ),
) {
  const { label, countries, disabled, error } = props;
  const regions = useRegions();
  const countryKey = countries.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: countryKey stands for countries
  const { names, details } = useMemo(() => {
    const byName = new Map<string, RegionOption[]>();
    for (const region of regionsIn(regions.data ?? [], countries))
      byName.set(region.name, [...(byName.get(region.name) ?? []), region]);
    return { names: [...byName.keys()], details: byName };
  }, [regions.data, countryKey]);
  const filterOptions = useMemo(() => {
    // A name is found by its ISO 3166-2 codes too, whole ("FR-IDF") or after the country ("IDF").
    const codesOf = new Map(
      [...details].map(([name, found]) => [
        name,
        found.flatMap((region) => [region.code, region.code.split('-').slice(1).join('-')]),
      ]),
    );
    return (options: string[], { inputValue }: { inputValue: string }) =>
      rankMatches(options, inputValue, (name) => ({ codes: codesOf.get(name) ?? [], name }), SHOWN_MAX);
  }, [details]);
  const helperText =
    props.helperText ??
    (regions.isError
      ? 'The region list could not be loaded; type the region name.'
      : countries.length > 0
        ? `Regions of ${countries.join(', ')}; any other name can be typed.`
        : 'Any region; a country predicate narrows the list to its regions.');

  const shared = {
    freeSolo: true as const,
    autoSelect: true,
    options: names,
    filterOptions,
    loading: regions.isPending,
    loadingText: 'Loading regions…',
    disabled,
    size: 'small' as const,
    renderOption: (optionProps: React.HTMLAttributes<HTMLLIElement> & { key?: React.Key }, name: string) => {
      const { key, ...rest } = optionProps;
      const found = details.get(name);
      return (
        <Box component="li" key={key ?? name} {...rest}>
          <Box>
            <Typography variant="body2">{name}</Typography>
            {found ? (
              <Typography variant="caption" color="text.secondary">
                {detailOf(found)}
              </Typography>
            ) : null}
          </Box>
        </Box>
      );
    },
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField {...params} label={label} size="small" error={error} helperText={helperText} />
    ),
  };

  if (props.multiple)
    return (
      <Autocomplete<string, true, false, true>
        {...shared}
        multiple
        filterSelectedOptions
        value={[...props.value]}
        onChange={(_event, next) =>
          props.onChange([...new Set(next.map((name) => name.trim()).filter(Boolean))])
        }
        sx={{ minWidth: 260 }}
      />
    );
  return (
    <Autocomplete<string, false, false, true>
      {...shared}
      value={props.value || null}
      onChange={(_event, next) => props.onChange(next ? next.trim() : '')}
      sx={{ minWidth: 240 }}
    />
  );
}
