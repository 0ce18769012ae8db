import type { ProfileCreateInput } from '@adstudio/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, useController } from 'react-hook-form';
import { useProfileTemplates } from '../../../api/profile-templates';

/** The template every row is checked against; optional. */
export function TemplateField({
  control,
  disabled,
  current,
}: {
  control: Control<ProfileCreateInput>;
  disabled: boolean;
  /** The profile's template as it names it, until (or unless) the list has loaded. */
  current?: { id: number; name: string } | null | undefined;
}) {
  const { field, fieldState } = useController({ control, name: 'template_id' });
  const templates = useProfileTemplates();
  const value = field.value ?? null;
  const list = templates.data ?? [];
  const hint = templates.isError
    ? 'The templates could not be loaded.'
    : list.length === 0 && templates.isSuccess
      ? 'No templates yet: admins add them in Settings.'
      : 'Every sync checks the rows against its columns.';
  return (
    <TextField
      select
      label="Template"
      value={value === null ? '' : String(value)}
      disabled={disabled || (templates.isPending && !current)}
      onChange={(event) => field.onChange(event.target.value ? Number(event.target.value) : null)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? hint}
      sx={{ maxWidth: 480 }}
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {list.map((template) => (
        <MenuItem key={template.id} value={String(template.id)}>
          {template.name}
        </MenuItem>
      ))}
      {value !== null && !list.some((t) => t.id === value) ? (
        <MenuItem value={String(value)}>
          {current?.id === value ? current.name : templates.isPending ? 'Loading…' : `Template #${value}`}
        </MenuItem>
      ) : null}
    </TextField>
  );
}
