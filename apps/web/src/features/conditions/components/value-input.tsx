import { type ConditionOperator, DEVICES, type PredicateValue, WEEKDAYS } from '@adstudio/contract';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { countryOptions, languageOptions } from '../codes';
import { valueInputOf } from '../condition-format';
import { ChipToggleGroup } from './chip-toggle-group';
import { CodeAutocomplete } from './code-autocomplete';
import { RegionAutocomplete } from './region-autocomplete';

const WEEKDAY_OPTIONS = WEEKDAYS.map((day) => ({
  value: day,
  label: day.charAt(0).toUpperCase() + day.slice(1),
}));
const DEVICE_OPTIONS = DEVICES.map((device) => ({ value: device, label: device === 'ctv' ? 'CTV' : device }));

const asList = (value: PredicateValue): string[] => (Array.isArray(value) ? value : [value]).map(String);
const asOne = (value: PredicateValue): string =>
  Array.isArray(value) ? String(value[0] ?? '') : String(value);

/** Two inputs side by side for `between`: from and to. */
function Range({
  value,
  onChange,
  render,
}: {
  value: PredicateValue;
  onChange: (value: string[]) => void;
  render: (which: 'From' | 'To', text: string, set: (text: string) => void) => React.ReactNode;
}) {
  const [from = '', to = ''] = asList(value);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      {render('From', from, (text) => onChange([text, to]))}
      {render('To', to, (text) => onChange([from, text]))}
    </Box>
  );
}

/**
 * The value of a predicate, with the input its field and operator call for: date pickers, HH:MM
 * times, weekday and device chips, country, region and language pickers, text or a chips input; two
 * inputs for `between`.
 */
export function ValueInput({
  field,
  operator,
  value,
  onChange,
  label,
  disabled = false,
  error,
  regionCountries = [],
}: {
  field: string;
  operator: ConditionOperator;
  value: PredicateValue;
  onChange: (value: PredicateValue) => void;
  /** "Value of predicate 1": names the inputs for assistive tech. */
  label: string;
  disabled?: boolean;
  error?: string | undefined;
  /** The countries the condition names: a region picker offers their regions. */
  regionCountries?: readonly string[];
}) {
  const { kind, shape } = valueInputOf(field, operator);
  const countries = useMemo(() => (kind === 'country' ? countryOptions() : []), [kind]);
  const languages = useMemo(() => (kind === 'language' ? languageOptions() : []), [kind]);
  const common = { disabled, error: Boolean(error) };

  switch (kind) {
    case 'date':
      return shape === 'range' ? (
        <Box>
          <Range
            value={value}
            onChange={onChange}
            render={(which, text, set) => (
              <DateField
                label={`${which}`}
                value={text}
                onChange={set}
                size="small"
                {...common}
                helperText={which === 'From' ? error : undefined}
                sx={{ width: 180 }}
              />
            )}
          />
        </Box>
      ) : (
        <DateField
          label="Date"
          value={asOne(value)}
          onChange={onChange}
          size="small"
          {...common}
          helperText={error}
          sx={{ width: 180 }}
        />
      );
    case 'time': {
      const time = (inputLabel: string, text: string, set: (text: string) => void, help?: string) => (
        <TextField
          type="time"
          label={inputLabel}
          value={text}
          onChange={(event) => set(event.target.value)}
          size="small"
          {...common}
          helperText={help}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { step: 60, 'aria-label': `${label}: ${inputLabel}` },
          }}
          sx={{ width: 140 }}
        />
      );
      return shape === 'range' ? (
        <Range
          value={value}
          onChange={onChange}
          render={(which, text, set) => time(which, text, set, which === 'From' ? error : undefined)}
        />
      ) : (
        time('Time (HH:MM)', asOne(value), onChange, error)
      );
    }
    case 'weekday':
    case 'device':
      return (
        <ChipToggleGroup
          label={kind === 'weekday' ? 'Weekdays' : 'Devices'}
          options={kind === 'weekday' ? WEEKDAY_OPTIONS : DEVICE_OPTIONS}
          value={asList(value).filter(Boolean)}
          multiple={shape === 'list'}
          onChange={(next) => onChange(shape === 'list' ? next : (next[0] ?? ''))}
          {...common}
          helperText={error}
        />
      );
    case 'country':
    case 'language': {
      const props = {
        label: kind === 'country' ? 'Country' : 'Language',
        options: kind === 'country' ? countries : languages,
        freeSolo: kind === 'language',
        normalize: kind === 'country' ? (text: string) => text.toUpperCase() : undefined,
        ...common,
        helperText: error,
      };
      return shape === 'list' ? (
        <CodeAutocomplete {...props} multiple value={asList(value).filter(Boolean)} onChange={onChange} />
      ) : (
        <CodeAutocomplete {...props} value={asOne(value)} onChange={onChange} />
      );
    }
    default: {
      if (field === 'region' && shape !== 'range') {
        const region = {
          label: shape === 'list' ? 'Regions' : 'Region',
          countries: regionCountries,
          ...common,
        };
        return shape === 'list' ? (
          <RegionAutocomplete
            {...region}
            multiple
            value={asList(value).filter(Boolean)}
            onChange={onChange}
            helperText={error}
          />
        ) : (
          <RegionAutocomplete {...region} value={asOne(value)} onChange={onChange} helperText={error} />
        );
      }
      const text = (inputLabel: string, current: string, set: (text: string) => void, help?: string) => (
        <TextField
          label={inputLabel}
          value={current}
          onChange={(event) => set(event.target.value)}
          size="small"
          {...common}
          helperText={help}
          slotProps={{ htmlInput: { 'aria-label': `${label}: ${inputLabel}` } }}
          sx={{ minWidth: 180 }}
        />
      );
      if (shape === 'range')
        return (
          <Range
            value={value}
            onChange={onChange}
            render={(which, current, set) => text(which, current, set, which === 'From' ? error : undefined)}
          />
        );
      if (shape === 'list')
        return (
          <CodeAutocomplete
            label="Values"
            options={[]}
            freeSolo
            multiple
            value={asList(value).filter(Boolean)}
            onChange={onChange}
            placeholder="Type a value, then Enter"
            {...common}
            helperText={error ?? 'Enter adds a value; commas separate several.'}
          />
        );
      return text('Value', asOne(value), onChange, error);
    }
  }
}
