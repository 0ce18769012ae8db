import type { ProfileCreateInput } from '@adstudio/contract';
import TextField from '@mui/material/TextField';
import { type Control, useController } from 'react-hook-form';
import { sheetFields } from '../profile-format';

/**
 * The Google Sheet: its address or its id in one field. The id parsed out of it shows below; the
 * API's messages for either (`url`, `gsheet_id`) show here.
 */
export function SheetField({
  control,
  disabled,
}: {
  control: Control<ProfileCreateInput>;
  disabled: boolean;
}) {
  const url = useController({ control, name: 'url' });
  const id = useController({ control, name: 'gsheet_id' });
  const text = url.field.value || id.field.value || '';
  const error = id.fieldState.error ?? url.fieldState.error;
  const parsed = id.field.value?.trim();
  const hint = parsed
    ? `Sheet id: ${parsed}`
    : text.trim()
      ? 'No sheet id in this address yet.'
      : 'The address of a link-shared Google Sheet, or its id.';
  return (
    <TextField
      label="Google Sheet"
      required
      disabled={disabled}
      placeholder="https://docs.google.com/spreadsheets/d/…"
      value={text}
      onChange={(event) => {
        const fields = sheetFields(event.target.value);
        url.field.onChange(fields.url);
        id.field.onChange(fields.gsheet_id);
      }}
      onBlur={url.field.onBlur}
      inputRef={(element: HTMLInputElement | null) => {
        url.field.ref(element);
        id.field.ref(element);
      }}
      error={Boolean(error)}
      helperText={error?.message ?? hint}
      slotProps={{ htmlInput: { spellCheck: false } }}
    />
  );
}
