import type { Creative } from '@adstudio/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useCampaignOption } from '../api/get-campaign-option';
import {
  type CreativeForm,
  type CreativeFormOutput,
  CreativeFormSchema,
  type CreativeFormValues,
  creativeFormValues,
} from '../creative-form-values';
import { CampaignPicker } from './campaign-picker';
import { ProfileFields } from './profile-fields';
import { RotationFields } from './rotation-fields';
import { SizeField } from './size-field';

export function useCreativeForm(creative?: Creative, campaignId?: number | null): CreativeForm {
  return useForm<CreativeFormValues, unknown, CreativeFormOutput>({
    resolver: zodResolver(CreativeFormSchema),
    defaultValues: creativeFormValues(creative, campaignId),
  });
}

/** The preselected campaign, shown in place; "Change" opens the picker. */
function LockedCampaign({ id, onUnlock, disabled }: { id: number; onUnlock: () => void; disabled: boolean }) {
  const campaign = useCampaignOption(id);
  return (
    <TextField
      label="Campaign"
      value={campaign.data?.name ?? (campaign.isError ? `Campaign #${id}` : 'Loading…')}
      required
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: disabled ? undefined : (
            <InputAdornment position="end">
              <Button size="small" startIcon={<EditIcon />} onClick={onUnlock}>
                Change
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** Campaign, name, size, click URL, profile, rule filter and rotation; read-only for users who may not write. */
export function CreativeFormFields({
  form,
  readOnly,
  creativeId,
  campaignLocked = false,
  onSubmit,
  submitLabel,
  onCancel,
  children,
}: {
  form: CreativeForm;
  readOnly: boolean;
  /** The creative edited (none while new). */
  creativeId?: number | undefined;
  /** Opened for one campaign (`/creatives/new/:campaignId`): it stays in place until changed. */
  campaignLocked?: boolean;
  onSubmit: (values: CreativeFormOutput) => Promise<unknown>;
  submitLabel: string;
  onCancel?: (() => void) | undefined;
  /** What the form shows but does not edit (status, rules served, backup image). */
  children?: ReactNode;
}) {
  const { control, handleSubmit, setValue, getValues } = form;
  const [locked, setLocked] = useState(campaignLocked);
  return (
    <Box
      component="form"
      noValidate
      aria-label="Creative"
      onSubmit={handleSubmit(onSubmit)}
      sx={{ display: 'grid', gap: 2.5, maxWidth: 720 }}
    >
      {locked && getValues('campaign_id') ? (
        <LockedCampaign id={getValues('campaign_id')} onUnlock={() => setLocked(false)} disabled={readOnly} />
      ) : (
        <Controller
          control={control}
          name="campaign_id"
          render={({ field, fieldState }) => (
            <CampaignPicker
              value={field.value}
              onChange={(id) => field.onChange(id ?? undefined)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              required
              disabled={readOnly}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'Type to search campaigns by name.'}
            />
          )}
        />
      )}
      <FormTextField control={control} name="name" label="Name" required disabled={readOnly} />
      <SizeField control={control} setValue={setValue} disabled={readOnly} />
      <FormTextField
        control={control}
        name="click_url"
        label="Click URL"
        type="url"
        disabled={readOnly}
        placeholder="https://"
        hint="Where a click on the ad goes."
      />
      <ProfileFields form={form} readOnly={readOnly} creativeId={creativeId} />
      <RotationFields form={form} readOnly={readOnly} />
      {children}
      {readOnly ? null : <FormActions form={form} submitLabel={submitLabel} onCancel={onCancel} />}
    </Box>
  );
}
