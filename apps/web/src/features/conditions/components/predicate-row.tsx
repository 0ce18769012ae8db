import {
  CONTEXT_FIELDS,
  type ConditionOperator,
  operatorLabel,
  PARAM_NAME,
  type Predicate,
} from '@adstudio/contract';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONTEXT_FIELD_LABELS,
  dataSourceIdOf,
  type FieldChoice,
  fieldChoice,
  operatorsFor,
  withField,
  withOperator,
} from '../condition-format';
import { DataSourcePicker } from './data-source-picker';
import { ValueInput } from './value-input';

/** The messages of one predicate, by the part they belong to. */
export interface PredicateErrors {
  field?: string | undefined;
  operator?: string | undefined;
  value?: string | undefined;
}

/** A row's move and remove buttons, so a moved row can give the focus back to the same button. */
export type RowAction = 'up' | 'down' | 'remove';
export const rowActionId = (formId: string, index: number, action: RowAction) =>
  `${formId}-predicate-${index}-${action}`;

/**
 * One predicate: its field (a context field, a query parameter by name, or a data source), the
 * operators that field takes, and a value input fitting both; buttons move it up, down or out.
 */
export function PredicateRow({
  formId,
  index,
  count,
  predicate,
  onChange,
  onMove,
  onRemove,
  errors,
  disabled,
  regionCountries,
}: {
  formId: string;
  index: number;
  count: number;
  predicate: Predicate;
  onChange: (predicate: Predicate) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  errors: PredicateErrors;
  disabled: boolean;
  /** The countries the condition names, whose regions a region value offers. */
  regionCountries: readonly string[];
}) {
  const choice = fieldChoice(predicate.field);
  const number = index + 1;
  const paramName = choice === 'param' ? predicate.field.slice('param:'.length) : '';

  const choose = (next: FieldChoice) => {
    if (next === choice) return;
    const field = next === 'param' ? 'param:' : next === 'datasource' ? 'datasource:' : next;
    onChange(withField(predicate, field));
  };

  return (
    <Box
      role="group"
      aria-label={`Predicate ${number}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: '1fr',
          md: 'minmax(180px, 240px) minmax(150px, 190px) minmax(0, 1fr) auto',
        },
        gap: 1.5,
        alignItems: 'flex-start',
        py: 1.5,
        borderTop: index === 0 ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'grid', gap: 1 }}>
        <TextField
          select
          id={`${formId}-predicate-${index}-field`}
          size="small"
          label={`Field ${number}`}
          value={choice}
          onChange={(event) => choose(event.target.value as FieldChoice)}
          disabled={disabled}
          error={Boolean(errors.field) && choice !== 'param' && choice !== 'datasource'}
          helperText={choice !== 'param' && choice !== 'datasource' ? errors.field : undefined}
        >
          {CONTEXT_FIELDS.map((field) => (
            <MenuItem key={field} value={field}>
              {CONTEXT_FIELD_LABELS[field]}
            </MenuItem>
          ))}
          <MenuItem value="param">Query parameter…</MenuItem>
          <MenuItem value="datasource">Data source…</MenuItem>
        </TextField>
        {choice === 'param' ? (
          <TextField
            size="small"
            label="Parameter name"
            value={paramName}
            onChange={(event) => onChange({ ...predicate, field: `param:${event.target.value.trim()}` })}
            disabled={disabled}
            autoFocus={paramName === ''}
            error={Boolean(errors.field) || (paramName !== '' && !PARAM_NAME.test(paramName))}
            helperText={
              errors.field ??
              (paramName !== '' && !PARAM_NAME.test(paramName)
                ? 'Letters, digits, _ . - only (at most 64).'
                : 'As in the ad call: ?zip=… → zip')
            }
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        ) : null}
        {choice === 'datasource' ? (
          <DataSourcePicker
            label="Data source"
            size="small"
            value={dataSourceIdOf(predicate.field)}
            onChange={(id) => onChange(withField(predicate, id ? `datasource:${id}` : 'datasource:'))}
            disabled={disabled}
            error={Boolean(errors.field)}
            helperText={errors.field}
          />
        ) : null}
      </Box>
      <TextField
        select
        size="small"
        label="Operator"
        value={predicate.operator}
        onChange={(event) => onChange(withOperator(predicate, event.target.value as ConditionOperator))}
        disabled={disabled || choice === ''}
        error={Boolean(errors.operator)}
        helperText={errors.operator}
      >
        {operatorsFor(predicate.field).map((operator) => (
          <MenuItem key={operator} value={operator}>
            {operatorLabel(operator, predicate.field)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ minWidth: 0 }}>
        {choice === '' ? (
          <Typography variant="body2" color={errors.value ? 'error' : 'textSecondary'} sx={{ pt: 1 }}>
            {errors.value ?? 'Choose a field first.'}
          </Typography>
        ) : (
          <ValueInput
            field={predicate.field}
            operator={predicate.operator}
            value={predicate.value}
            onChange={(value) => onChange({ ...predicate, value })}
            label={`Value of predicate ${number}`}
            disabled={disabled}
            error={errors.value}
            regionCountries={regionCountries}
          />
        )}
      </Box>
      {disabled ? (
        <span />
      ) : (
        <Box sx={{ display: 'flex' }}>
          <IconButton
            id={rowActionId(formId, index, 'up')}
            aria-label={`Move predicate ${number} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            size="small"
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            id={rowActionId(formId, index, 'down')}
            aria-label={`Move predicate ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            size="small"
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            id={rowActionId(formId, index, 'remove')}
            aria-label={`Remove predicate ${number}`}
            onClick={onRemove}
            size="small"
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
