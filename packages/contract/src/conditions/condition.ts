import { z } from 'zod';
import { UpdatedAtSchema } from '../common/based-on';
import { nameField, plainText, textField } from '../common/fields';
import { ListQuerySchema, listResponse, sortBy } from '../common/list-query';

export const CONDITION_NAME_MAX = 255;
/** How many predicates one condition may hold. */
export const PREDICATES_MAX = 50;
/** How many values an `in` / `not_in` list may hold. */
export const PREDICATE_VALUES_MAX = 500;
/** The longest text value of a predicate. */
export const PREDICATE_TEXT_MAX = 500;

/** docs/design.md §5: a condition holds when all (or any) of its predicates hold. */
export const CONDITION_LOGICS = ['all', 'any'] as const;
export type ConditionLogic = (typeof CONDITION_LOGICS)[number];

/** The fields of the ad call's context; `param:<name>` and `datasource:<id>` come on top. */
export const CONTEXT_FIELDS = [
  'date',
  'time',
  'weekday',
  'country',
  'region',
  'city',
  'device',
  'language',
] as const;
export type ContextField = (typeof CONTEXT_FIELDS)[number];

export const CONDITION_OPERATORS = [
  'eq',
  'neq',
  'in',
  'not_in',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'contains',
  'starts_with',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** How an operator reads in a sentence ("country is one of FR, BE"), for numbers and text. */
export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  eq: 'is',
  neq: 'is not',
  in: 'is one of',
  not_in: 'is none of',
  lt: 'is less than',
  lte: 'is at most',
  gt: 'is more than',
  gte: 'is at least',
  between: 'is between',
  contains: 'contains',
  starts_with: 'starts with',
};

/** Dates and times read as moments: "date is before 2026-12-01". */
const MOMENT_LABELS: Partial<Record<ConditionOperator, string>> = {
  lt: 'is before',
  lte: 'is on or before',
  gt: 'is after',
  gte: 'is on or after',
};

/** An operator's words for a field (given as `date`, `param:zip`, …): moments read as before/after. */
export const operatorLabel = (operator: ConditionOperator, field: string): string =>
  (field === 'date' || field === 'time' ? MOMENT_LABELS[operator] : undefined) ?? OPERATOR_LABELS[operator];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const DEVICES = ['desktop', 'mobile', 'tablet', 'ctv'] as const;
export type Device = (typeof DEVICES)[number];

/** A query parameter's name in `param:<name>`. */
export const PARAM_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/** What kind of value a field compares, which decides its operators and value inputs. */
export type FieldKind =
  | 'date'
  | 'time'
  | 'weekday'
  | 'country'
  | 'device'
  | 'language'
  | 'text'
  /** A query parameter or a data source's value: a number when both sides read as one, else text. */
  | 'any';

/** A predicate's field parsed: one of the context's, a query parameter, or a data source. */
export type ParsedField =
  | { type: 'context'; field: ContextField }
  | { type: 'param'; name: string }
  | { type: 'datasource'; id: number };

export function parseField(field: string): ParsedField | null {
  if ((CONTEXT_FIELDS as readonly string[]).includes(field))
    return { type: 'context', field: field as ContextField };
  if (field.startsWith('param:')) {
    const name = field.slice('param:'.length);
    return PARAM_NAME.test(name) ? { type: 'param', name } : null;
  }
  if (field.startsWith('datasource:')) {
    const id = field.slice('datasource:'.length);
    return /^[1-9][0-9]{0,9}$/.test(id) ? { type: 'datasource', id: Number(id) } : null;
  }
  return null;
}

export function fieldKind(field: ParsedField): FieldKind {
  if (field.type !== 'context') return 'any';
  switch (field.field) {
    case 'date':
    case 'time':
    case 'weekday':
    case 'country':
    case 'device':
    case 'language':
      return field.field;
    default:
      return 'text';
  }
}

/** The operators that make sense for each kind of field (the form offers these, the server refuses others). */
export const OPERATORS_OF: Record<FieldKind, readonly ConditionOperator[]> = {
  date: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'between'],
  time: ['lt', 'lte', 'gt', 'gte', 'between'],
  weekday: ['eq', 'neq', 'in', 'not_in'],
  country: ['eq', 'neq', 'in', 'not_in'],
  device: ['eq', 'neq', 'in', 'not_in'],
  language: ['eq', 'neq', 'in', 'not_in', 'starts_with'],
  text: ['eq', 'neq', 'in', 'not_in', 'contains', 'starts_with'],
  any: CONDITION_OPERATORS,
};

/** The operators whose value is a list (`in`, `not_in`: one or more; `between`: two, ordered). */
export const LIST_OPERATORS: readonly ConditionOperator[] = ['in', 'not_in', 'between'];

/** A text value as typed: compared as it is, so not trimmed. */
const predicateText = () =>
  textField('value', { trim: false }).max(
    PREDICATE_TEXT_MAX,
    `A value may not be greater than ${PREDICATE_TEXT_MAX} characters.`,
  );

export const PredicateValueSchema = z.union([
  predicateText(),
  z.number(),
  z
    .array(z.union([predicateText(), z.number()]))
    .max(PREDICATE_VALUES_MAX, `Give at most ${PREDICATE_VALUES_MAX} values.`),
]);
export type PredicateValue = z.infer<typeof PredicateValueSchema>;

export const PredicateSchema = z.object({
  field: z
    .string({ error: 'The field is required.' })
    .trim()
    .check(plainText('field'))
    .min(1, 'The field is required.')
    .max(80),
  operator: z.enum(CONDITION_OPERATORS, {
    error: `The operator must be one of: ${CONDITION_OPERATORS.join(', ')}.`,
  }),
  value: PredicateValueSchema,
});
export type Predicate = z.infer<typeof PredicateSchema>;

/** What a condition needs to be evaluated: its logic and predicates. */
export interface ConditionExpression {
  logic: ConditionLogic;
  predicates: readonly Predicate[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const COUNTRY = /^[A-Z]{2}$/;
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const isValidDate = (text: string) => {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** Checks one value of a field's kind; answers a message or null. */
function valueProblem(kind: FieldKind, value: string | number): string | null {
  const text = typeof value === 'number' ? String(value) : value;
  switch (kind) {
    case 'date':
      return typeof value === 'string' && isValidDate(value) ? null : 'A date must be YYYY-MM-DD.';
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? null : 'A time must be HH:MM (00:00–23:59).';
    case 'weekday':
      return (WEEKDAYS as readonly string[]).includes(text)
        ? null
        : `A weekday must be one of: ${WEEKDAYS.join(', ')}.`;
    case 'country':
      return COUNTRY.test(text) ? null : 'A country must be a two-letter code such as FR.';
    case 'device':
      return (DEVICES as readonly string[]).includes(text)
        ? null
        : `A device must be one of: ${DEVICES.join(', ')}.`;
    case 'language':
      return LANGUAGE.test(text) ? null : 'A language must be a code such as en or pt-BR.';
    default:
      return text.trim() === '' ? 'A value may not be empty.' : null;
  }
}

/** Orders two values of a kind for `between`: numbers as numbers, dates and times as text. */
const inOrder = (a: string | number, b: string | number) => {
  const [x, y] = [Number(a), Number(b)];
  if (
    typeof a === 'number' ||
    typeof b === 'number' ||
    (a !== '' && b !== '' && Number.isFinite(x) && Number.isFinite(y))
  )
    return x <= y;
  return String(a) <= String(b);
};

/**
 * The problems of one predicate, by the key they belong to (`field`, `operator`, `value`): the field
 * must exist, the operator fit it, the value have the operator's shape (`in`: a list of one or more;
 * `between`: two ordered values; else one) and each value the field's format. Data sources are
 * checked against the company by the server.
 */
export function predicateProblems(
  predicate: Predicate,
): Partial<Record<'field' | 'operator' | 'value', string>> {
  const field = parseField(predicate.field);
  if (!field)
    return {
      field: `The field must be one of ${CONTEXT_FIELDS.join(', ')}, param:<name> or datasource:<id>.`,
    };
  const kind = fieldKind(field);
  if (!OPERATORS_OF[kind].includes(predicate.operator))
    return {
      operator: `The operator ${predicate.operator} does not apply to ${predicate.field}; use one of: ${OPERATORS_OF[kind].join(', ')}.`,
    };
  const { operator, value } = predicate;
  if (LIST_OPERATORS.includes(operator)) {
    if (!Array.isArray(value)) return { value: `The operator ${operator} needs a list of values.` };
    if (operator === 'between') {
      if (value.length !== 2) return { value: 'Between needs two values: from and to.' };
    } else if (value.length === 0) return { value: 'Give at least one value.' };
    for (const item of value) {
      const problem = valueProblem(kind, item);
      if (problem) return { value: problem };
    }
    if (operator === 'between' && !inOrder(value[0]!, value[1]!))
      return { value: 'The first value of between must not be after the second.' };
    return {};
  }
  if (Array.isArray(value)) return { value: `The operator ${operator} needs one value, not a list.` };
  const problem = valueProblem(kind, value);
  return problem ? { value: problem } : {};
}

const PredicatesSchema = z
  .array(PredicateSchema, { error: 'The predicates field is required.' })
  .min(1, 'Add at least one predicate.')
  .max(PREDICATES_MAX, `A condition may hold at most ${PREDICATES_MAX} predicates.`)
  .superRefine((predicates, ctx) => {
    for (const [i, predicate] of predicates.entries())
      for (const [key, message] of Object.entries(predicateProblems(predicate)))
        ctx.addIssue({ code: 'custom', path: [i, key], message });
  });

const ConditionFieldsSchema = z.object({
  name: nameField(CONDITION_NAME_MAX),
  logic: z.enum(CONDITION_LOGICS, { error: 'The logic must be all or any.' }),
  predicates: PredicatesSchema,
});

/** POST /v1/conditions. */
export const ConditionCreateSchema = ConditionFieldsSchema;
export type ConditionCreateInput = z.input<typeof ConditionCreateSchema>;
export type ConditionCreate = z.output<typeof ConditionCreateSchema>;

/** PUT /v1/conditions/{id}: any subset, with the `updated_at` it was based on (409 when stale). */
export const ConditionUpdateSchema = ConditionFieldsSchema.partial().extend({
  updated_at: UpdatedAtSchema.optional(),
});
export type ConditionUpdateInput = z.input<typeof ConditionUpdateSchema>;
export type ConditionUpdate = z.output<typeof ConditionUpdateSchema>;

/** A profile whose live rules name the condition, with how many of them do. */
export const ConditionUseSchema = z.object({
  profile_id: z.number().int(),
  profile_name: z.string(),
  rules: z.number().int(),
});
export type ConditionUse = z.infer<typeof ConditionUseSchema>;

export const ConditionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logic: z.enum(CONDITION_LOGICS),
  /** As stored: answers are not held to the input rules (rows written before a rule keep reading). */
  predicates: z.array(
    z.object({
      field: z.string(),
      operator: z.enum(CONDITION_OPERATORS),
      value: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
    }),
  ),
  /** Where it is used: the profiles whose live rules name it (a condition in use cannot be deleted). */
  used_by: z.array(ConditionUseSchema),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type Condition = z.infer<typeof ConditionSchema>;

export const CONDITION_SORTS = ['name', 'created_at', 'updated_at'] as const;
export type ConditionSort = (typeof CONDITION_SORTS)[number];

/** GET /v1/conditions/: `filter` matches the name; `deleted=1` lists deleted ones (to restore). */
export const ConditionListQuerySchema = ListQuerySchema.extend({
  'sort-by': sortBy(CONDITION_SORTS),
  deleted: z
    .enum(['0', '1', 'true', 'false'], { error: 'The deleted field must be true or false.' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type ConditionListQuery = z.infer<typeof ConditionListQuerySchema>;
export const ConditionListResponseSchema = listResponse(ConditionSchema);

/** 422 text when a condition in use is deleted; the profiles are named after it. */
export const conditionInUse = (profiles: readonly string[]) =>
  `The condition is used by rules of ${profiles.length === 1 ? 'profile' : 'profiles'} ${profiles.join(', ')}: remove it from their feeds first.`;
