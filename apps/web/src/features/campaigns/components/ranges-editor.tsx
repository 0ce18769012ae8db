import type { CampaignCreateInput } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type Control, type FieldErrors, useFieldArray } from 'react-hook-form';
import { FormDateField } from '../../../components/ui/form-date-field';

/** The campaign's flights: {start, end} rows that can be added and removed. */
export function RangesEditor({
  control,
  errors,
  disabled,
}: {
  control: Control<CampaignCreateInput>;
  errors: FieldErrors<CampaignCreateInput>;
  disabled: boolean;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'ranges' });
  const listError = errors.ranges?.message ?? errors.ranges?.root?.message;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Ranges
      </Typography>
      {fields.length === 0 ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          No ranges: the campaign runs from launch to end.
        </Typography>
      ) : null}
      {fields.map((field, index) => (
        <Box
          key={field.id}
          role="group"
          aria-label={`Range ${index + 1}`}
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mb: 1.5, flexWrap: 'wrap' }}
        >
          <FormDateField
            control={control}
            name={`ranges.${index}.start`}
            label={`Range ${index + 1} start`}
            disabled={disabled}
          />
          <FormDateField
            control={control}
            name={`ranges.${index}.end`}
            label={`Range ${index + 1} end`}
            disabled={disabled}
          />
          {disabled ? null : (
            <IconButton
              aria-label={`Remove range ${index + 1}`}
              onClick={() => remove(index)}
              sx={{ mt: 0.25 }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          )}
        </Box>
      ))}
      {listError ? (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mb: 1 }}>
          {listError}
        </Typography>
      ) : null}
      {disabled ? null : (
        <Button size="small" startIcon={<AddIcon />} onClick={() => append({ start: '', end: '' })}>
          Add range
        </Button>
      )}
    </Box>
  );
}
