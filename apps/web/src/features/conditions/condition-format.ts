import {
  CONDITION_OPERATORS,
  CONTEXT_FIELDS,
  type Condition,
  type ConditionCreateInput,
  type ConditionExpression,
  type ConditionOperator,
  type ConditionUse,
  type ContextField,
  type FieldKind,
  fieldKind,
  OPERATORS_OF,
  operatorLabel,
  type Predicate,
  type PredicateValue,
  parseField,
} from '@adstudio/contract';
import { formatCount, formatCounted, formatDate } from '../../lib/format';

export const CONTEXT_FIELD_LABELS: Readonly<Record<ContextField, string>> = {
  date: 'Date',
  time: 'Time',
  weekday: 'Weekday',
  country: 'Country',
  region: 'Region',
  city: 'City',
  device: 'Device',
  language: 'Language',
};

/** What the field select shows: a context field, or one of the two fields that need a name or an id. */
export type FieldChoice = ContextField | 'param' | 'datasource' | '';

export function fieldChoice(field: string): FieldChoice {
  if ((CONTEXT_FIELDS as readonly string[]).includes(field)) return field as ContextField;
  if (field.startsWith('param:')) return 'param';
  if (field.startsWith('datasource:')) return 'datasource';
  return '';
}

/** The data source id of a `datasource:<id>` field, or null. */
export function dataSourceIdOf(field: string): number | null {
  const parsed = parseField(field);
  return parsed?.type === 'datasource' ? parsed.id : null;
}

/** The kind of a field; a field not (yet) valid compares anything. */
export const kindOf = (field: string): FieldKind => {
  const parsed = parseField(field);
  return parsed ? fieldKind(parsed) : 'any';
};

/** The operators the form offers for a field. */
export const operatorsFor = (field: string): readonly ConditionOperator[] => OPERATORS_OF[kindOf(field)];

/** How many values an operator takes: one, a list (`in`, `not_in`) or a from–to pair (`between`). */
export type ValueShape = 'one' | 'list' | 'range';

export const shapeOf = (operator: ConditionOperator | ''): ValueShape =>
  operator === 'between' ? 'range' : operator === 'in' || operator === 'not_in' ? 'list' : 'one';

/** Which input a predicate's value takes: the field's kind decides the widget, the operator how many. */
export interface ValueInput {
  kind: FieldKind;
  shape: ValueShape;
}

export const valueInputOf = (field: string, operator: ConditionOperator | ''): ValueInput => ({
  kind: kindOf(field),
  shape: shapeOf(operator),
});

const asText = (value: string | number) => String(value);

/** A value in the shape an operator takes, keeping what fits: 'FR' → ['FR'] for `in`, ['a', 'b'] → 'a' for `eq`. */
export function reshapeValue(value: PredicateValue, operator: ConditionOperator | ''): PredicateValue {
  const list = (Array.isArray(value) ? value : [value]).map(asText).filter((item) => item !== '');
  switch (shapeOf(operator)) {
    case 'list':
      return list;
    case 'range':
      return [list[0] ?? '', list[1] ?? ''];
    default:
      return list[0] ?? '';
  }
}

/** An empty value of an operator's shape. */
export const emptyValue = (operator: ConditionOperator | ''): PredicateValue => reshapeValue('', operator);

/**
 * A predicate with another field: the operator stays when the new field takes it (else its first
 * one), the value stays when the field compares the same kind of values (else it empties).
 */
export function withField(predicate: Predicate, field: string): Predicate {
  const operators = operatorsFor(field);
  const operator = operators.includes(predicate.operator) ? predicate.operator : (operators[0] ?? 'eq');
  const sameKind = kindOf(field) === kindOf(predicate.field);
  return {
    field,
    operator,
    value: sameKind ? reshapeValue(predicate.value, operator) : emptyValue(operator),
  };
}

/** A predicate with another operator; its value takes the operator's shape. */
export const withOperator = (predicate: Predicate, operator: ConditionOperator): Predicate => ({
  ...predicate,
  operator,
  value: reshapeValue(predicate.value, operator),
});

/** A new row: no field yet, so every operator is open until one is chosen. */
export const emptyPredicate = (): Predicate => ({ field: '', operator: 'eq', value: '' });

/** The form's values of a condition (or of a new one); values are text, as the inputs hold them. */
export const conditionFormValues = (condition?: Condition): ConditionCreateInput => ({
  name: condition?.name ?? '',
  logic: condition?.logic ?? 'all',
  predicates: condition
    ? condition.predicates.map((predicate) => ({
        ...predicate,
        value: Array.isArray(predicate.value) ? predicate.value.map(asText) : asText(predicate.value),
      }))
    : [emptyPredicate()],
});

/** The API's body of the form's values: text trimmed, so " FR" reads as FR. */
export const conditionBody = (values: ConditionCreateInput): ConditionCreateInput => ({
  name: values.name.trim(),
  logic: values.logic,
  predicates: values.predicates.map((predicate) => ({
    field: predicate.field.trim(),
    operator: predicate.operator,
    value: Array.isArray(predicate.value)
      ? predicate.value.map((item) => (typeof item === 'string' ? item.trim() : item))
      : typeof predicate.value === 'string'
        ? predicate.value.trim()
        : predicate.value,
  })),
});

/** Names of data sources by id, where the caller knows them. */
export type DataSourceNames = ReadonlyMap<number, string>;

/** A field as a sentence names it: "country", "parameter zip", "Weather Paris" (a data source). */
export function fieldText(field: string, names?: DataSourceNames): string {
  const parsed = parseField(field);
  if (!parsed) return field || '(no field)';
  if (parsed.type === 'param') return `parameter ${parsed.name}`;
  if (parsed.type === 'datasource') return names?.get(parsed.id) ?? `data source #${parsed.id}`;
  return parsed.field;
}

const valueItem = (kind: FieldKind, value: string | number) =>
  kind === 'date' && typeof value === 'string' ? formatDate(value) || value : String(value);

/** A predicate's value as a sentence shows it: "FR, BE", "09:00 and 17:00". */
export function valueText(field: string, operator: ConditionOperator, value: PredicateValue): string {
  const kind = kindOf(field);
  const items = (Array.isArray(value) ? value : [value]).map((item) => valueItem(kind, item));
  return operator === 'between' ? items.join(' and ') : items.join(', ');
}

const operatorText = (operator: string, field: string) =>
  (CONDITION_OPERATORS as readonly string[]).includes(operator)
    ? operatorLabel(operator as ConditionOperator, field)
    : operator;

/** "country is one of FR, BE". */
export const predicateText = (predicate: Predicate, names?: DataSourceNames): string =>
  `${fieldText(predicate.field, names)} ${operatorText(predicate.operator, predicate.field)} ${valueText(predicate.field, predicate.operator, predicate.value)}`;

/** "all of: country is one of FR, BE; weekday is one of sat, sun"; one predicate reads alone. */
export function conditionSummary(expression: ConditionExpression, names?: DataSourceNames): string {
  const parts = expression.predicates.map((predicate) => predicateText(predicate, names));
  if (parts.length === 0) return 'No predicates';
  if (parts.length === 1) return parts[0] ?? '';
  return `${expression.logic === 'all' ? 'all' : 'any'} of: ${parts.join('; ')}`;
}

/** "3 profiles · 1,204 rules", or "Not used". */
export function usedByText(uses: readonly ConditionUse[]): string {
  if (uses.length === 0) return 'Not used';
  const rules = uses.reduce((sum, use) => sum + use.rules, 0);
  return `${formatCounted(uses.length, 'profile')} · ${formatCount(rules)} ${rules === 1 ? 'rule' : 'rules'}`;
}
