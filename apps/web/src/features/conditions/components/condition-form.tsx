import {
  type Condition,
  type ConditionCreate,
  type ConditionCreateInput,
  ConditionCreateSchema,
  type ConditionLogic,
  PREDICATES_MAX,
  type Predicate,
} from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useSchemaForm } from '../../../lib/schema-form';
import { conditionFormValues, emptyPredicate } from '../condition-format';
import { countriesNamed } from '../regions';
import { PredicateRow, type RowAction, rowActionId } from './predicate-row';

export type ConditionForm = UseFormReturn<ConditionCreateInput, unknown, ConditionCreate>;

/**
 * The condition's form. Its values have the body's shape, so the contract's schema checks them as
 * the server will (its `predicateProblems`: fields, operators, value formats, ordered `between`) and
 * a 422's keys (`predicates.0.value`) name the form's own fields.
 */
export function useConditionForm(condition?: Condition): ConditionForm {
  return useSchemaForm(ConditionCreateSchema, conditionFormValues(condition));
}

/** The first message of an error that may be nested (a list's items: `value.1`). */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object' && value !== (error as { ref?: unknown }).ref) {
      const nested = messageOf(value);
      if (nested) return nested;
    }
  }
  return undefined;
}

const LOGIC_LABELS: Readonly<Record<ConditionLogic, string>> = { all: 'All', any: 'Any' };

/** Name, logic and the predicates; read-only for users who may not write. */
export function ConditionFormFields({
  form,
  readOnly,
  onSubmit,
  submitLabel,
  onCancel,
}: {
  form: ConditionForm;
  readOnly: boolean;
  onSubmit: (values: ConditionCreate) => Promise<unknown>;
  submitLabel: string;
  onCancel?: (() => void) | undefined;
}) {
  const formId = useId();
  const { control, handleSubmit, setValue, formState } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'predicates' });
  const predicates = (useWatch({ control, name: 'predicates' }) ?? []) as Predicate[];
  const logic = useWatch({ control, name: 'logic' });
  const regionCountries = countriesNamed(predicates);
  const errors = formState.errors.predicates;
  const listError = errors?.message ?? errors?.root?.message;
  // After a move, add or remove, the focus goes where the keyboard user expects it (the DOM changed).
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const change = (index: number, predicate: Predicate) =>
    setValue(`predicates.${index}`, predicate, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const moveRow = (from: number, to: number) => {
    move(from, to);
    const edge = to === 0 || to === fields.length - 1;
    const action: RowAction = edge ? (to === 0 ? 'down' : 'up') : to < from ? 'up' : 'down';
    focusNext.current = rowActionId(formId, to, action);
  };

  const removeRow = (index: number) => {
    remove(index);
    const left = fields.length - 1;
    focusNext.current =
      left === 0 ? `${formId}-add` : rowActionId(formId, Math.min(index, left - 1), 'remove');
  };

  return (
    <Box
      component="form"
      noValidate
      aria-label="Condition"
      onSubmit={handleSubmit(onSubmit)}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <FormTextField
        control={control}
        name="name"
        label="Name"
        required
        disabled={readOnly}
        sx={{ maxWidth: 480 }}
      />
      <Box>
        <Typography id={`${formId}-logic`} variant="subtitle2" sx={{ mb: 1 }}>
          Holds when
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            exclusive
            value={logic}
            onChange={(_event, next: ConditionLogic | null) => {
              if (next) setValue('logic', next, { shouldDirty: true });
            }}
            aria-labelledby={`${formId}-logic`}
            disabled={readOnly}
            size="small"
            color="primary"
          >
            {(['all', 'any'] as const).map((value) => (
              <ToggleButton key={value} value={value} sx={{ px: 2 }}>
                {LOGIC_LABELS[value]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Typography variant="body2" color="textSecondary">
            {logic === 'any' ? 'of the predicates hold (at least one).' : 'of the predicates hold.'}
          </Typography>
        </Box>
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
          Predicates
        </Typography>
        {fields.map((row, index) => {
          const predicate = predicates[index];
          if (!predicate) return null;
          const rowErrors = errors?.[index];
          return (
            <PredicateRow
              key={row.id}
              formId={formId}
              index={index}
              count={fields.length}
              predicate={predicate}
              onChange={(next) => change(index, next)}
              onMove={(to) => moveRow(index, to)}
              onRemove={() => removeRow(index)}
              errors={{
                field: messageOf(rowErrors?.field),
                operator: messageOf(rowErrors?.operator),
                value: messageOf(rowErrors?.value),
              }}
              disabled={readOnly}
              regionCountries={regionCountries}
            />
          );
        })}
        {listError ? (
          <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', my: 1 }}>
            {listError}
          </Typography>
        ) : null}
        {readOnly || fields.length >= PREDICATES_MAX ? null : (
          <Button
            id={`${formId}-add`}
            size="small"
            startIcon={<AddIcon />}
            onClick={() => {
              focusNext.current = `${formId}-predicate-${fields.length}-field`;
              append(emptyPredicate());
            }}
            sx={{ mt: 1 }}
          >
            Add predicate
          </Button>
        )}
      </Box>
      {readOnly ? null : <FormActions form={form} submitLabel={submitLabel} onCancel={onCancel} />}
    </Box>
  );
}
