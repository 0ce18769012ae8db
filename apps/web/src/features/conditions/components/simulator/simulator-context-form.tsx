import { DEVICES, type SimulationContextInput } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { Controller, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { DateField } from '../../../../components/ui/date-field';
import { FormActions } from '../../../../components/ui/form-actions';
import { FormTextField } from '../../../../components/ui/form-text-field';
import { showFailure } from '../../../../lib/form-errors';
import { browserTimeZone, countryOptions, languageOptions, timeZones } from '../../codes';
import { ChipToggleGroup } from '../chip-toggle-group';
import { CodeAutocomplete } from '../code-autocomplete';
import { DataSourcePicker } from '../data-source-picker';
import { RegionAutocomplete } from '../region-autocomplete';
import { type SimulatorValues, simulatorDefaults, toSimulationContext } from './simulator-values';

const DEVICE_OPTIONS = DEVICES.map((device) => ({ value: device, label: device === 'ctv' ? 'CTV' : device }));

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const row = { display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' } as const;

/** Query parameters of the simulated ad call, as name / value rows. */
function ParamRows({ form }: { form: UseFormReturn<SimulatorValues> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'params' });
  return (
    <Group title="Query parameters">
      {fields.map((field, index) => (
        <Box key={field.id} role="group" aria-label={`Parameter ${index + 1}`} sx={{ ...row, mb: 1 }}>
          <FormTextField control={form.control} name={`params.${index}.name`} label="Name" size="small" />
          <FormTextField control={form.control} name={`params.${index}.value`} label="Value" size="small" />
          <IconButton aria-label={`Remove parameter ${index + 1}`} onClick={() => remove(index)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => append({ name: '', value: '' })}>
        Add parameter
      </Button>
    </Group>
  );
}

/** Data sources whose value to replace, so a condition can be tried on a value the source has not answered. */
function OverrideRows({ form }: { form: UseFormReturn<SimulatorValues> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'datasources' });
  return (
    <Group title="Data source values">
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Sources left out use their current value.
      </Typography>
      {fields.map((field, index) => (
        <Box
          key={field.id}
          role="group"
          aria-label={`Data source override ${index + 1}`}
          sx={{ ...row, mb: 1 }}
        >
          <Controller
            control={form.control}
            name={`datasources.${index}.id`}
            render={({ field: picker }) => (
              <DataSourcePicker
                label="Data source"
                size="small"
                value={picker.value}
                onChange={picker.onChange}
                sx={{ minWidth: 240 }}
              />
            )}
          />
          <FormTextField
            control={form.control}
            name={`datasources.${index}.value`}
            label="Value to use"
            size="small"
          />
          <IconButton aria-label={`Remove data source override ${index + 1}`} onClick={() => remove(index)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => append({ id: null, value: '' })}>
        Override a data source
      </Button>
    </Group>
  );
}

/**
 * The simulated viewer: a moment in a time zone, where they are, their device and language, the ad
 * call's query parameters and data source values to override. A 422 shows next to its field.
 */
export function SimulatorContextForm({
  onRun,
  submitLabel = 'Simulate',
  outsider = false,
}: {
  /** Runs the simulation; a rejection (422) is shown on the form. */
  onRun: (context: SimulationContextInput) => Promise<unknown>;
  submitLabel?: string;
  /** For a token page's visitor: when, where and who only (no query parameters, no data source values). */
  outsider?: boolean;
}) {
  const form = useForm<SimulatorValues>({ defaultValues: simulatorDefaults(browserTimeZone()) });
  const { control } = form;
  const zones = useMemo(timeZones, []);
  const countries = useMemo(countryOptions, []);
  const languages = useMemo(languageOptions, []);
  const country = useWatch({ control, name: 'country' });

  const run = (values: SimulatorValues) =>
    onRun(toSimulationContext(values)).catch((error: unknown) => {
      showFailure(form, error);
    });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Simulated context"
      onSubmit={form.handleSubmit(run)}
      sx={{ display: 'grid', gap: 2.5, alignContent: 'start' }}
    >
      <Group title="When">
        <Box sx={row}>
          <Controller
            control={control}
            name="at"
            render={({ field, fieldState }) => (
              <DateField
                label="Date and time"
                withTime
                clearable
                size="small"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Empty: now.'}
                sx={{ width: 230 }}
              />
            )}
          />
          <Controller
            control={control}
            name="time_zone"
            render={({ field, fieldState }) => (
              <Autocomplete
                options={zones}
                value={field.value}
                disableClearable
                size="small"
                onChange={(_event, zone) => field.onChange(zone)}
                sx={{ width: 260 }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Time zone"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'Dates, times and weekdays are read in it.'}
                  />
                )}
              />
            )}
          />
        </Box>
      </Group>
      <Group title="Where">
        <Box sx={row}>
          <Controller
            control={control}
            name="country"
            render={({ field, fieldState }) => (
              <CodeAutocomplete
                label="Country"
                options={countries}
                value={field.value}
                onChange={field.onChange}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="region"
            render={({ field, fieldState }) => (
              <RegionAutocomplete
                label="Region"
                countries={country ? [country] : []}
                value={field.value}
                onChange={field.onChange}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <FormTextField control={control} name="city" label="City" size="small" />
        </Box>
      </Group>
      <Group title="Who">
        <Box sx={row}>
          <Controller
            control={control}
            name="device"
            render={({ field, fieldState }) => (
              <ChipToggleGroup
                label="Device"
                options={DEVICE_OPTIONS}
                value={field.value ? [field.value] : []}
                multiple={false}
                onChange={(next) => field.onChange(next[0] ?? '')}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="language"
            render={({ field, fieldState }) => (
              <CodeAutocomplete
                label="Language"
                options={languages}
                freeSolo
                value={field.value}
                onChange={field.onChange}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        </Box>
      </Group>
      {outsider ? null : <ParamRows form={form} />}
      {outsider ? null : <OverrideRows form={form} />}
      <FormActions form={form} submitLabel={submitLabel} busyLabel="Simulating…" />
    </Box>
  );
}
