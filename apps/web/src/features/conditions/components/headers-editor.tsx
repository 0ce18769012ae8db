import { DATA_SOURCE_HEADERS_MAX } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Control, useFieldArray, useWatch } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import type { DataSourceFormValues } from '../data-source-format';

/**
 * The request's headers. A saved header's value is write-only: the API says only that it is set,
 * so the row shows "•••• set" and keeps it unless the user replaces it.
 */
export function HeadersEditor({
  control,
  disabled,
}: {
  control: Control<DataSourceFormValues>;
  disabled: boolean;
}) {
  const { fields, append, remove, update } = useFieldArray({ control, name: 'headers' });
  const rows = useWatch({ control, name: 'headers' }) ?? [];

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        Headers
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Values are stored encrypted and never shown again, e.g. an API key.
      </Typography>
      {fields.map((field, index) => {
        const row = rows[index] ?? field;
        const kept = row.stored && !row.replace;
        return (
          <Box
            key={field.id}
            role="group"
            aria-label={`Header ${index + 1}`}
            sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 1.5, flexWrap: 'wrap' }}
          >
            <FormTextField
              control={control}
              name={`headers.${index}.name`}
              label="Name"
              size="small"
              disabled={disabled}
              placeholder="Authorization"
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
            {kept ? (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 40 }}>
                <TextField
                  size="small"
                  label="Value"
                  value="•••• set"
                  disabled
                  slotProps={{ htmlInput: { 'aria-label': `Value of header ${index + 1}: set, hidden` } }}
                />
                {disabled ? null : (
                  <Button
                    size="small"
                    onClick={() => update(index, { ...row, replace: true, value: '' })}
                    aria-label={`Replace the value of header ${index + 1}`}
                  >
                    Replace
                  </Button>
                )}
              </Box>
            ) : (
              <FormTextField
                control={control}
                name={`headers.${index}.value`}
                label={row.stored ? 'New value' : 'Value'}
                size="small"
                type="password"
                autoComplete="off"
                disabled={disabled}
                autoFocus={row.replace}
                hint={row.stored ? 'Replaces the stored value when saved.' : undefined}
              />
            )}
            {disabled ? null : (
              <IconButton aria-label={`Remove header ${index + 1}`} onClick={() => remove(index)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        );
      })}
      {disabled || fields.length >= DATA_SOURCE_HEADERS_MAX ? null : (
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => append({ name: '', value: '', stored: false, replace: false })}
        >
          Add header
        </Button>
      )}
    </Box>
  );
}
