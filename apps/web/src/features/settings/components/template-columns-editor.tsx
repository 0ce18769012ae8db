import { type ProfileTemplateWriteInput, TEMPLATE_COLUMN_TYPES } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { type Control, Controller, type FieldErrors, useFieldArray } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';

const TYPE_LABELS: Readonly<Record<(typeof TEMPLATE_COLUMN_TYPES)[number], string>> = {
  text: 'Text',
  number: 'Number',
  url: 'URL',
  image_url: 'Image URL',
  date: 'Date',
  boolean: 'Yes / no',
  color: 'Colour',
};

/** A template's columns: name, type and whether a cell is required; added, removed and reordered. */
export function TemplateColumnsEditor({
  control,
  errors,
}: {
  control: Control<ProfileTemplateWriteInput>;
  errors: FieldErrors<ProfileTemplateWriteInput>;
}) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'columns' });
  const listError = errors.columns?.message ?? errors.columns?.root?.message;

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Columns
      </Typography>
      {fields.map((field, index) => {
        const n = index + 1;
        return (
          <Box
            key={field.id}
            role="group"
            aria-label={`Column ${n}`}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 1.5, flexWrap: 'wrap' }}
          >
            <FormTextField
              control={control}
              name={`columns.${index}.name`}
              label={`Column ${n} name`}
              size="small"
              required
              sx={{ flex: '1 1 180px' }}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
            <FormTextField
              control={control}
              name={`columns.${index}.type`}
              label={`Column ${n} type`}
              select
              size="small"
              sx={{ width: 150 }}
            >
              {TEMPLATE_COLUMN_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {TYPE_LABELS[type]}
                </MenuItem>
              ))}
            </FormTextField>
            <Controller
              control={control}
              name={`columns.${index}.required`}
              render={({ field: required }) => (
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={Boolean(required.value)}
                      onChange={(event) => required.onChange(event.target.checked)}
                      slotProps={{ input: { 'aria-label': `Column ${n} required`, ref: required.ref } }}
                    />
                  }
                  label="Required"
                  sx={{ mr: 0 }}
                />
              )}
            />
            <Box sx={{ display: 'flex' }}>
              <IconButton
                size="small"
                aria-label={`Move column ${n} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Move column ${n} down`}
                disabled={index === fields.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" aria-label={`Remove column ${n}`} onClick={() => remove(index)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        );
      })}
      {listError ? (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mb: 1 }}>
          {listError}
        </Typography>
      ) : null}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => append({ name: '', type: 'text', required: false })}
      >
        Add column
      </Button>
    </Box>
  );
}
