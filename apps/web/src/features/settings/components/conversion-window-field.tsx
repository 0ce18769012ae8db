import { CONVERSION_WINDOW_MAX_DAYS, ConversionSettingsSchema } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { ErrorState } from '../../../components/ui/states';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { serverErrors } from '../../../lib/form-errors';
import { useCompanyConversions, useSetCompanyConversions } from '../api/company-conversions';

/**
 * Admins: the company's conversion window (issue 46) — how many days after a click its conversion
 * is still attributed to the click's campaign, creative, tag and variant.
 */
export function ConversionWindowField() {
  const settings = useCompanyConversions();
  const save = useSetCompanyConversions();
  /** What is typed, until it is saved (null: the saved value shows). */
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  if (settings.isPending) return <Skeleton variant="rounded" height={56} width={320} />;
  if (settings.isError)
    return (
      <ErrorState
        message={`The conversion window could not be loaded. ${errorMessage(settings.error)}`}
        onRetry={() => void settings.refetch()}
      />
    );

  const value = typed ?? String(settings.data.window_days);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ConversionSettingsSchema.safeParse({
      window_days: value.trim() === '' ? NaN : Number(value),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setTyped(null);
        showAlert({
          status: 200,
          data: { message: `Conversions count for ${saved.window_days} days after their click now.` },
        });
      },
      onError: (failure) => setError(serverErrors(failure).window_days ?? errorMessage(failure)),
    });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        label="Conversion window (days)"
        type="number"
        value={value}
        onChange={(event) => setTyped(event.target.value)}
        error={error !== undefined}
        helperText={
          error ??
          `A conversion counts when it comes within this many days of its click (1–${CONVERSION_WINDOW_MAX_DAYS}).`
        }
        slotProps={{ htmlInput: { min: 1, max: CONVERSION_WINDOW_MAX_DAYS, inputMode: 'numeric' } }}
        sx={{ width: 320, maxWidth: '100%' }}
      />
      <Button type="submit" variant="outlined" disabled={save.isPending || typed === null} sx={{ mt: 1 }}>
        Save
      </Button>
    </Box>
  );
}
