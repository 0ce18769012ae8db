import type { DataSource } from '@adstudio/contract';
import {
  DATA_SOURCE_METHODS,
  DATA_SOURCE_REFRESH_MIN_S,
  DATA_SOURCE_TIMEOUT_MAX_MS,
  DataSourceCreateSchema,
  JSON_PATH_HELP,
} from '@adstudio/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormNumberField } from '../../../components/ui/form-number-field';
import { FormTextField } from '../../../components/ui/form-text-field';
import { bodyResolver } from '../../../lib/body-resolver';
import { type DataSourceFormValues, dataSourceFormValues, dataSourceInput } from '../data-source-format';
import { HeadersEditor } from './headers-editor';

export type DataSourceForm = UseFormReturn<DataSourceFormValues, unknown, DataSourceFormValues>;

/** The form checks the body its values make with the contract's schema (paths are the form's). */
export function useDataSourceForm(source?: DataSource): DataSourceForm {
  return useForm<DataSourceFormValues, unknown, DataSourceFormValues>({
    resolver: bodyResolver(DataSourceCreateSchema, dataSourceInput),
    defaultValues: dataSourceFormValues(source),
  });
}

const row = { display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' } as const;

/** Name, request (method, URL, headers), what to read (JSON path), limits and the fallback value. */
export function DataSourceFormFields({
  form,
  readOnly,
  onSubmit,
  submitLabel,
  onCancel,
}: {
  form: DataSourceForm;
  readOnly: boolean;
  onSubmit: (values: DataSourceFormValues) => Promise<unknown>;
  submitLabel: string;
  onCancel?: (() => void) | undefined;
}) {
  const { control, handleSubmit } = form;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Data source"
      onSubmit={handleSubmit(onSubmit)}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <FormTextField control={control} name="name" label="Name" required disabled={readOnly} />
      <Box sx={row}>
        <FormTextField
          control={control}
          name="method"
          label="Method"
          select
          disabled={readOnly}
          sx={{ width: 110 }}
        >
          {DATA_SOURCE_METHODS.map((method) => (
            <MenuItem key={method} value={method}>
              {method}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="url"
          label="URL"
          required
          disabled={readOnly}
          placeholder="https://api.example.com/weather?city={city}"
          hint="{country}, {city}, {param:zip}… are filled from the ad call's context (path and query only)."
          sx={{ flex: '1 1 360px' }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      </Box>
      <HeadersEditor control={control} disabled={readOnly} />
      <FormTextField
        control={control}
        name="json_path"
        label="JSON path"
        disabled={readOnly}
        placeholder="$.current.temperature"
        hint={`${JSON_PATH_HELP} Empty: the whole answer.`}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <Box sx={row}>
        <FormNumberField
          control={control}
          name="timeout_ms"
          label="Timeout (ms)"
          min={100}
          max={DATA_SOURCE_TIMEOUT_MAX_MS}
          disabled={readOnly}
          helperText={`At most ${DATA_SOURCE_TIMEOUT_MAX_MS} ms.`}
          sx={{ width: 180 }}
        />
        <FormNumberField
          control={control}
          name="refresh_seconds"
          label="Refresh every (s)"
          min={DATA_SOURCE_REFRESH_MIN_S}
          disabled={readOnly}
          helperText={`At least ${DATA_SOURCE_REFRESH_MIN_S} s.`}
          sx={{ width: 180 }}
        />
        <FormTextField
          control={control}
          name="default_value"
          label="Default value"
          disabled={readOnly}
          hint="Used before the first fetch and when a fetch fails or times out."
          sx={{ flex: '1 1 240px' }}
        />
      </Box>
      {readOnly ? null : <FormActions form={form} submitLabel={submitLabel} onCancel={onCancel} />}
    </Box>
  );
}
