import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { showFailure, showServerErrors } from '../../lib/form-errors';
import { FormActions } from './form-actions';

/**
 * A form on a page (My Account's cards, the feedback page, the public password pages): its fields,
 * then its foot (`FormActions`). A failure of `onSubmit` puts a 422's messages on their fields (the
 * first takes the focus); any other failure shows above the button when `inlineFailures` (the call
 * raises no alert banner of its own), else the banner that the failed call raises says it.
 */
export function PageForm<I extends FieldValues, O>({
  form,
  label,
  onSubmit,
  submitLabel,
  busyLabel,
  inlineFailures = false,
  large = false,
  disabledReason,
  onCancel,
  children,
  after,
}: {
  form: UseFormReturn<I, unknown, O>;
  /** Names the form for assistive tech. */
  label: string;
  onSubmit: (values: O) => Promise<unknown>;
  submitLabel: string;
  busyLabel: string;
  inlineFailures?: boolean;
  /** The public pages' large submit button, as wide as the form. */
  large?: boolean;
  /** Why the submit button is off, `null` while it is on; unset: it never is. */
  disabledReason?: string | null | undefined;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
  /** Below the button (a link back). */
  after?: ReactNode;
}) {
  const submit = form.handleSubmit((values) =>
    onSubmit(values).catch((error: unknown) => {
      if (inlineFailures) showFailure(form, error);
      else showServerErrors(form, error);
    }),
  );
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={label} sx={{ display: 'grid', gap: 2 }}>
      {children}
      <FormActions
        form={form}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        large={large}
        disabledReason={disabledReason}
        onCancel={onCancel}
      />
      {after}
    </Box>
  );
}
