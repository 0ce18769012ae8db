import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type FieldError, useFormState, useWatch } from 'react-hook-form';
import { useCanAccess } from '../../../lib/access';
import { useProfileName } from '../api/get-profile-name';
import { useProfileOption } from '../api/get-profile-option';
import { type CreativeForm, cleanFilterValues, noRuleFilter } from '../creative-form-values';
import { ProfilePicker } from './profile-picker';

/** A list field's message: its own, or the first of its items' (`rule_filter.values.2`). */
const listMessage = (error: FieldError | undefined): string | undefined =>
  error?.message ??
  (Array.isArray(error)
    ? (error as (FieldError | undefined)[]).find((item) => item?.message)?.message
    : undefined);

function RuleFilterFields({
  form,
  profileId,
  readOnly,
}: {
  form: CreativeForm;
  profileId: number;
  readOnly: boolean;
}) {
  const { control } = form;
  const profile = useProfileOption(profileId);
  const column = useWatch({ control, name: 'rule_filter.column' });
  const { errors } = useFormState({ control, name: 'rule_filter' });
  const columns = profile.data?.columns ?? [];
  // A column the feed no longer has stays listed, so a saved filter still shows.
  const choices = column && !columns.includes(column) ? [...columns, column] : columns;
  const columnHint = profile.isPending
    ? 'Loading the profile’s columns…'
    : profile.isError
      ? 'Cannot read this profile’s columns.'
      : columns.length === 0
        ? 'This profile has no columns yet: it has not synced.'
        : 'The feed column to choose rules by; none serves all rules.';

  return (
    <Box
      role="group"
      aria-label="Rule filter"
      sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <Controller
        control={control}
        name="rule_filter.column"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Rule filter column"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={readOnly}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? columnHint}
            sx={{ flex: '1 1 200px' }}
          >
            <MenuItem value="">
              <em>None: all rules</em>
            </MenuItem>
            {choices.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {choice}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="rule_filter.values"
        render={({ field, fieldState }) => {
          const message = listMessage(fieldState.error) ?? errors.rule_filter?.message;
          return (
            <Autocomplete
              multiple
              freeSolo
              // A value typed but not yet entered is kept when the field loses focus.
              autoSelect
              options={[] as string[]}
              value={field.value}
              onChange={(_event, values) => field.onChange(cleanFilterValues(values))}
              disabled={readOnly || !column}
              sx={{ flex: '2 1 320px' }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Rule filter values"
                  placeholder={field.value.length || readOnly ? undefined : 'Type a value, Enter adds it'}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  error={Boolean(message)}
                  helperText={
                    message ??
                    (column
                      ? `Serve only rules whose ${column} is one of these values; leave empty to serve all rules.`
                      : 'Choose a column first; without one the creative serves all rules.')
                  }
                />
              )}
            />
          );
        }}
      />
    </Box>
  );
}

/** For users who may not read profiles: the profile by name (or number) and its filter, unchangeable. */
function ProfileFacts({ form, creativeId }: { form: CreativeForm; creativeId: number | undefined }) {
  const [profileId, filter] = useWatch({ control: form.control, name: ['profile_id', 'rule_filter'] });
  const name = useProfileName(creativeId, profileId);
  const shown = profileId ? (name.data ?? (name.isPending ? 'Loading…' : `Profile #${profileId}`)) : 'None';
  const readOnly = { htmlInput: { readOnly: true } };
  return (
    <>
      <TextField
        label="Profile (feed)"
        value={shown}
        helperText="Only users who may read profiles choose a creative’s profile."
        slotProps={readOnly}
      />
      {profileId ? (
        <TextField
          label="Rule filter"
          value={
            filter?.column && filter.values.length
              ? `${filter.column}: ${filter.values.join(', ')}`
              : 'None: it serves every rule of its profile.'
          }
          slotProps={readOnly}
        />
      ) : null}
    </>
  );
}

/**
 * The feed that drives the creative (none: a static creative) and which of its rules it serves.
 * Choosing another profile clears the filter: it names a column of the profile it was made for.
 */
export function ProfileFields({
  form,
  readOnly,
  creativeId,
}: {
  form: CreativeForm;
  readOnly: boolean;
  creativeId?: number | undefined;
}) {
  const canReadProfiles = useCanAccess('profiles', 'read');
  const profileId = useWatch({ control: form.control, name: 'profile_id' });
  if (!canReadProfiles) return <ProfileFacts form={form} creativeId={creativeId} />;
  return (
    <>
      <Controller
        control={form.control}
        name="profile_id"
        render={({ field, fieldState }) => (
          <ProfilePicker
            value={field.value}
            onChange={(id) => {
              if (id === (field.value ?? null)) return;
              field.onChange(id);
              form.setValue('rule_filter', noRuleFilter(), { shouldDirty: true });
              form.clearErrors('rule_filter');
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            disabled={readOnly}
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ??
              'The data feed whose rows (rules) fill the ad; none makes a static creative.'
            }
          />
        )}
      />
      {profileId ? <RuleFilterFields form={form} profileId={profileId} readOnly={readOnly} /> : null}
    </>
  );
}
