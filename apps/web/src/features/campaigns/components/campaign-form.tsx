import {
  type Campaign,
  type CampaignCreate,
  type CampaignCreateInput,
  CampaignCreateSchema,
} from '@adstudio/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormDateField } from '../../../components/ui/form-date-field';
import { FormTextField } from '../../../components/ui/form-text-field';
import { RangesEditor } from './ranges-editor';

export type CampaignForm = UseFormReturn<CampaignCreateInput, unknown, CampaignCreate>;

/** Form values of a campaign (or of a new one): empty inputs are '' and the schema makes them null. */
export const campaignFormValues = (campaign?: Campaign): CampaignCreateInput => ({
  name: campaign?.name ?? '',
  url: campaign?.url ?? '',
  launch_date: campaign?.launch_date ?? '',
  end_date: campaign?.end_date ?? '',
  ranges: campaign?.ranges.map((range) => ({ ...range })) ?? [],
});

export function useCampaignForm(campaign?: Campaign): CampaignForm {
  return useForm<CampaignCreateInput, unknown, CampaignCreate>({
    resolver: zodResolver(CampaignCreateSchema),
    defaultValues: campaignFormValues(campaign),
  });
}

/** Name, URL, launch and end dates and ranges; read-only for users who may not write. */
export function CampaignFormFields({
  form,
  readOnly,
  onSubmit,
  submitLabel,
  onCancel,
}: {
  form: CampaignForm;
  readOnly: boolean;
  onSubmit: (values: CampaignCreate) => Promise<unknown>;
  submitLabel: string;
  onCancel?: () => void;
}) {
  const { control, formState, handleSubmit } = form;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Campaign"
      onSubmit={handleSubmit(onSubmit)}
      sx={{ display: 'grid', gap: 2.5, maxWidth: 720 }}
    >
      <FormTextField control={control} name="name" label="Name" required disabled={readOnly} />
      <FormTextField
        control={control}
        name="url"
        label="URL"
        type="url"
        disabled={readOnly}
        placeholder="https://"
        hint={'The brief or landing page.'}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FormDateField
          control={control}
          name="launch_date"
          label="Launch date"
          disabled={readOnly}
          sx={{ flex: '1 1 200px' }}
        />
        <FormDateField
          control={control}
          name="end_date"
          label="End date"
          disabled={readOnly}
          sx={{ flex: '1 1 200px' }}
        />
      </Box>
      <RangesEditor control={control} errors={formState.errors} disabled={readOnly} />
      {readOnly ? null : <FormActions form={form} submitLabel={submitLabel} onCancel={onCancel} />}
    </Box>
  );
}
