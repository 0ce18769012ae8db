import {
  PROFILE_SOURCES,
  type Profile,
  type ProfileCreate,
  type ProfileCreateInput,
  ProfileCreateSchema,
  type ProfileSource,
} from '@adstudio/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useRef } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormTextField } from '../../../components/ui/form-text-field';
import { FeedUploadField } from './feed-upload-field';
import { RangesField } from './ranges-field';
import { ScheduleField } from './schedule-field';
import { SheetField } from './sheet-field';
import { TemplateField } from './template-field';

export type ProfileForm = UseFormReturn<ProfileCreateInput, unknown, ProfileCreate>;

const SOURCE_LABELS: Readonly<Record<ProfileSource, string>> = {
  gsheet: 'Google Sheet',
  upload: 'Upload',
  url: 'URL',
};

/** The source fields as the profile has them ('' for none; a new upload starts empty). */
const sourceValues = (profile: Profile | undefined, source: ProfileSource) =>
  profile?.source === source
    ? { url: profile.url ?? '', gsheet_id: profile.gsheet_id ?? '', key: '', file_name: '' }
    : { url: '', gsheet_id: '', key: '', file_name: '' };

/** Form values of a profile (or of a new one): empty inputs are '' and the schema makes them null. */
export const profileFormValues = (profile?: Profile): ProfileCreateInput => ({
  name: profile?.name ?? '',
  source: profile?.source ?? 'gsheet',
  ...sourceValues(profile, profile?.source ?? 'gsheet'),
  ranges: [...(profile?.ranges ?? [])],
  template_id: profile?.template_id ?? null,
  schedule: profile?.schedule ?? '',
});

export function useProfileForm(profile?: Profile): ProfileForm {
  return useForm<ProfileCreateInput, unknown, ProfileCreate>({
    resolver: zodResolver(ProfileCreateSchema),
    defaultValues: profileFormValues(profile),
  });
}

/**
 * Name, source (a Google Sheet, an uploaded file or a file's URL), ranges, template and schedule;
 * read-only for users who may not write.
 */
export function ProfileFormFields({
  form,
  profile,
  readOnly,
  onSubmit,
  submitLabel,
  onCancel,
}: {
  form: ProfileForm;
  /** The profile edited (none: a new one). */
  profile?: Profile | undefined;
  readOnly: boolean;
  onSubmit: (values: ProfileCreate) => Promise<unknown>;
  submitLabel: string;
  onCancel?: (() => void) | undefined;
}) {
  const { control, handleSubmit, setValue, setError } = form;
  const source = useWatch({ control, name: 'source' });
  const uploading = useRef(false);
  const onBusy = useCallback((busy: boolean) => {
    uploading.current = busy;
  }, []);

  const changeSource = (next: ProfileSource | null) => {
    if (!next || next === source) return;
    setValue('source', next, { shouldDirty: true });
    for (const [field, value] of Object.entries(sourceValues(profile, next))) {
      setValue(field as 'url', value, { shouldDirty: true });
    }
  };

  const submit = (values: ProfileCreate) => {
    if (uploading.current) {
      setError('key', { type: 'client', message: 'Wait for the upload to finish.' });
      return Promise.resolve();
    }
    return onSubmit(values);
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Profile"
      onSubmit={handleSubmit(submit)}
      sx={{ display: 'grid', gap: 2.5, maxWidth: 720 }}
    >
      <FormTextField control={control} name="name" label="Name" required disabled={readOnly} />
      <Box>
        <Typography id="profile-source-label" variant="subtitle2" sx={{ mb: 1 }}>
          Source
        </Typography>
        <ToggleButtonGroup
          exclusive
          value={source}
          onChange={(_event, next: ProfileSource | null) => changeSource(next)}
          aria-labelledby="profile-source-label"
          disabled={readOnly}
          size="small"
          color="primary"
        >
          {PROFILE_SOURCES.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 2 }}>
              {SOURCE_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {source === 'gsheet' ? <SheetField control={control} disabled={readOnly} /> : null}
      {source === 'upload' ? (
        <FeedUploadField
          control={control}
          disabled={readOnly}
          current={profile?.source === 'upload' ? profile.file_name : null}
          onBusy={onBusy}
        />
      ) : null}
      {source === 'url' ? (
        <FormTextField
          control={control}
          name="url"
          label="Feed URL"
          type="url"
          required
          disabled={readOnly}
          placeholder="https://"
          hint="The address of a CSV or XLSX file."
        />
      ) : null}
      <RangesField control={control} disabled={readOnly} />
      <TemplateField control={control} disabled={readOnly} current={profile?.template} />
      <ScheduleField control={control} disabled={readOnly} />
      {readOnly ? null : <FormActions form={form} submitLabel={submitLabel} onCancel={onCancel} />}
    </Box>
  );
}
