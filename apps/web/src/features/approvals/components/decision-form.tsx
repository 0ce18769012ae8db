import { type ApprovalDecision, ApprovalDecisionSchema } from '@adstudio/contract';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { FormTextField } from '../../../components/ui/form-text-field';
import { showFailure } from '../../../lib/form-errors';
import { useSchemaForm } from '../../../lib/schema-form';

/** The approver's name, offered again on the next decision (also on another link of this browser). */
const APPROVER_NAME_KEY = 'approverName';

export function rememberedApproverName(): string {
  try {
    return localStorage.getItem(APPROVER_NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

function rememberApproverName(name: string): void {
  try {
    localStorage.setItem(APPROVER_NAME_KEY, name);
  } catch {
    // Storage unavailable: the name is asked again next time.
  }
}

/**
 * A publisher's verdict on one creative: their name, an optional comment (required to reject) and
 * Approve / Reject. The contract's schema checks it before sending; a 422 puts the server's
 * messages on the same fields. `onSubmit` rejects with the request's error.
 */
export function DecisionForm({
  creativeName,
  approverName,
  initialComment = null,
  onSubmit,
  onCancel,
}: {
  creativeName: string;
  /** The name to offer (the one last used on the page); by default the one this browser remembers. */
  approverName?: string | undefined;
  initialComment?: string | null;
  onSubmit: (decision: ApprovalDecision) => Promise<unknown>;
  /** Offered while a decision already made is being changed. */
  onCancel?: () => void;
}) {
  const form = useSchemaForm(ApprovalDecisionSchema, {
    status: 'approved',
    name: approverName ?? rememberedApproverName(),
    comment: initialComment ?? '',
  });
  const { control, formState } = form;

  // A name given on another card of the page fills this one, unless something was typed here.
  useEffect(() => {
    if (approverName && !form.getFieldState('name').isDirty) form.setValue('name', approverName);
  }, [approverName, form]);

  const decide = (status: ApprovalDecision['status']) => {
    form.setValue('status', status);
    void form.handleSubmit(async (decision) => {
      try {
        await onSubmit(decision);
        rememberApproverName(decision.name);
      } catch (error) {
        showFailure(form, error);
      }
    })();
  };

  // A status message has no field of its own: it shows with the form's other messages.
  const formError = formState.errors.root?.server?.message ?? formState.errors.status?.message;
  const busy = formState.isSubmitting;
  return (
    <Box
      component="form"
      noValidate
      aria-label={`Decision on ${creativeName}`}
      // A verdict is given with its button, never by Enter in a field.
      onSubmit={(event) => event.preventDefault()}
      sx={{ display: 'grid', gap: 2 }}
    >
      <FormTextField
        control={control}
        name="name"
        label="Your name"
        required
        autoComplete="name"
        size="small"
        hint="Shown to the campaign's team with your decision."
      />
      <FormTextField
        control={control}
        name="comment"
        label="Comment"
        multiline
        minRows={2}
        size="small"
        hint="Required when you reject: say what has to change."
      />
      {formError ? (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckIcon />}
          disabled={busy}
          onClick={() => decide('approved')}
          data-testid="approve-button"
        >
          Approve
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<CloseIcon />}
          disabled={busy}
          onClick={() => decide('rejected')}
          data-testid="reject-button"
        >
          Reject
        </Button>
        {onCancel ? (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
