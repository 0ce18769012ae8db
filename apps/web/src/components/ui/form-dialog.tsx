import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { dialogSave } from '../../lib/dialog-save';
import { type FieldOf, showFailure } from '../../lib/form-errors';
import { useSchemaForm } from '../../lib/schema-form';
import { FormRootError } from './form-root-error';

/** What a dialog edits: a named item, saved over the version it was loaded from. */
interface Item {
  id: number;
  name: string;
  updated_at: string;
}

export interface FormDialogProps<T extends Item, I extends FieldValues, O> {
  open: boolean;
  /** The item to edit; null for a new one. */
  item: T | null;
  onClose: () => void;
  /** "publisher": titled "New publisher" or "Edit publisher Acme", saved with "Save publisher". */
  noun: string;
  /** The contract's schema of the body, which the form's values must pass before they are sent. */
  schema: z.ZodType<O, I>;
  /** The form's starting values: the item's, or a new one's. */
  values: (item: T | null) => DefaultValues<I>;
  /** The section's create and update mutations (hooks, module constants). */
  useCreate: () => { mutateAsync: (body: O) => Promise<T> };
  useUpdate: () => {
    mutateAsync: (variables: { id: number; body: O & { updated_at: string } }) => Promise<T>;
  };
  maxWidth?: 'sm' | 'md';
  /** The fields, bound to the form. */
  children: (form: UseFormReturn<I, unknown, O>) => ReactNode;
}

/**
 * The form inside a dialog: its title, the fields, the server's message above the buttons, Cancel and
 * submit. A failure of `onSubmit` puts a 422's messages on their fields and anything else above the
 * buttons, with what was typed kept.
 */
export function DialogFormBody<I extends FieldValues, O>({
  form,
  titleId,
  title,
  onSubmit,
  onClose,
  submitLabel,
  submittingLabel = 'Saving…',
  fieldOf,
  children,
}: {
  form: UseFormReturn<I, unknown, O>;
  /** The dialog's title id (`TitledDialog`), which names the dialog and the form. */
  titleId: string;
  title: string;
  /** Sends the values; a failure it throws shows on the fields or above the buttons (`showFailure`). */
  onSubmit: (values: O) => Promise<unknown>;
  onClose: () => void;
  submitLabel: string;
  submittingLabel?: string;
  /** Which field a 422's key belongs to, where the body's keys are not the form's. */
  fieldOf?: FieldOf;
  children: ReactNode;
}) {
  const { formState, handleSubmit } = form;
  const submit = handleSubmit((values) =>
    onSubmit(values).catch((error: unknown) => showFailure(form, error, fieldOf)),
  );
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        {children}
        <FormRootError form={form} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? submittingLabel : submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** A dialog's step after its write: what the write made (a secret, links), closed with Done. */
export function DialogDoneBody({
  titleId,
  title,
  onDone,
  children,
}: {
  titleId: string;
  title: string;
  onDone: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>{children}</DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}

/** A modal dialog named by its title; its content (given the title's id) mounts afresh at each opening. */
export function TitledDialog({
  open,
  onClose,
  maxWidth = 'sm',
  children,
}: {
  open: boolean;
  onClose: () => void;
  maxWidth?: 'sm' | 'md';
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      {open ? children(titleId) : null}
    </Dialog>
  );
}

function DialogForm<T extends Item, I extends FieldValues, O>({
  item,
  onClose,
  noun,
  schema,
  values,
  useCreate,
  useUpdate,
  children,
  titleId,
}: Omit<FormDialogProps<T, I, O>, 'open' | 'maxWidth'> & { titleId: string }) {
  const form = useSchemaForm(schema, values(item));
  const create = useCreate();
  const update = useUpdate();

  const submit = (body: O) =>
    dialogSave(form, {
      noun,
      save: () =>
        item
          ? update.mutateAsync({ id: item.id, body: { ...body, updated_at: item.updated_at } })
          : create.mutateAsync(body),
      onClose,
    });

  return (
    <DialogFormBody
      form={form}
      titleId={titleId}
      title={item ? `Edit ${noun} ${item.name}` : `New ${noun}`}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={`Save ${noun}`}
    >
      {children(form)}
    </DialogFormBody>
  );
}

/**
 * Creates or edits one item of a settings resource (a publisher, a template) in a dialog: the form
 * is checked with the contract's schema, a 422's messages show on their fields (the first takes the
 * focus), a 409 or any other failure above the buttons with what was typed kept; a save closes it
 * with a "saved" alert. Escape and Cancel close it; Enter saves. Each opening starts afresh.
 */
export function FormDialog<T extends Item, I extends FieldValues, O>({
  open,
  maxWidth = 'sm',
  ...props
}: FormDialogProps<T, I, O>) {
  return (
    <TitledDialog open={open} onClose={props.onClose} maxWidth={maxWidth}>
      {(titleId) => <DialogForm key={props.item?.id ?? 'new'} titleId={titleId} {...props} />}
    </TitledDialog>
  );
}
