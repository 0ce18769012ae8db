import { cellText, Invalid, toBoolean, toColor, toDate, toNumber, toUrl, untypedValue } from './cell-values';
import type { SourceRow } from './feed-header';
import { type Cell, FeedError, type FeedRow } from './feed-table';

export type TemplateColumnType = 'text' | 'number' | 'url' | 'image_url' | 'date' | 'boolean' | 'color';

export interface TemplateColumn {
  name: string;
  type: TemplateColumnType;
  required: boolean;
}

export interface Issue {
  /** The row as the source numbers it; null for the header. */
  row: number | null;
  column: string | null;
  /** The cell as text, cut to 200 characters. */
  value: string | null;
  message: string;
  severity: 'error' | 'warning';
  /**
   * The condition names (lower-cased, as looked up) of a `Conditions` cell naming conditions the
   * company does not have, set only when they are the row's only error: once conditions of those
   * names exist, a sync of the same feed takes the row in.
   */
  missing_conditions?: string[];
}

export type RuleValue = string | number | boolean | null;

export interface RuleInput {
  unique_id: string;
  reporting_label: string;
  is_default: boolean;
  active: boolean;
  /** ISO `YYYY-MM-DD`. */
  start: string | null;
  end: string | null;
  condition_ids: number[];
  /** Every column by its header name: typed by the template or Studio, else by untypedValue. */
  data: Record<string, RuleValue>;
}

export interface RowValidatorOptions {
  template?: { columns: TemplateColumn[] };
  /** Condition ids by lower-cased condition name. */
  conditionIds: ReadonlyMap<string, number>;
}

export interface RowValidator {
  headerIssues: Issue[];
  check(row: FeedRow): { rule: RuleInput | null; issues: Issue[] };
}

export const MAX_VALUE_LENGTH = 50_000;
const SHOWN_VALUE_LENGTH = 200;

/** The columns Studio gives a meaning, by lower-cased name. */
const SPECIAL = {
  unique_id: 'Unique_ID',
  reporting_label: 'Reporting_Label',
  is_default: 'Is_Default',
  active: 'Active',
  start_date: 'Start_Date',
  end_date: 'End_Date',
  conditions: 'Conditions',
} as const;

type Kind = keyof typeof SPECIAL | TemplateColumnType | 'source';

interface Column {
  name: string;
  kind: Kind;
  required: boolean;
}

/**
 * Checks a feed's rows one at a time against Studio's rules and the profile's template, turning
 * each into a rule or issues; memory holds the Unique_IDs seen. Throws FeedError when the header
 * makes the feed unusable (no Unique_ID or Reporting_Label column, a required template column
 * missing). Columns neither Studio nor the template types are typed by the text the sheet shows
 * (untypedValue), so the same sheet gives the same rules as CSV, XLSX or Sheets values.
 */
export function createRowValidator(columns: string[], options: RowValidatorOptions): RowValidator {
  const { columns: planned, issues: headerIssues } = planColumns(columns, options.template?.columns ?? []);
  const width = planned.length;
  const index = (kind: Kind) => planned.findIndex((column) => column.kind === kind);
  const at = {
    uniqueId: index('unique_id'),
    label: index('reporting_label'),
    isDefault: index('is_default'),
    active: index('active'),
    start: index('start_date'),
    end: index('end_date'),
    conditions: index('conditions'),
  };
  const firstRowOf = new Map<string, number>();
  let defaultRow: number | undefined;
  let warnedIgnored = false;
  const issueAt = (
    row: FeedRow,
    i: number,
    message: string,
    severity: Issue['severity'] = 'error',
  ): Issue => ({
    row: row.row,
    column: planned[i]!.name,
    value: shown(row.cells[i] ?? null),
    message,
    severity,
  });

  function check(source: FeedRow): { rule: RuleInput | null; issues: Issue[] } {
    const { row, cells } = source;
    const issues: Issue[] = [];
    const values: RuleValue[] = new Array(width);
    for (let i = 0; i < width; i++) {
      const value = normalise(planned[i]!, cells[i] ?? null);
      if (value instanceof Invalid) issues.push(issueAt(source, i, value.message));
      values[i] = value instanceof Invalid ? null : value;
    }
    const uniqueId = (values[at.uniqueId] as string | null) ?? '';
    const first = firstRowOf.get(uniqueId);
    if (first !== undefined)
      issues.push(
        issueAt(
          source,
          at.uniqueId,
          `This Unique_ID is already used on row ${first}: give every row its own ID.`,
        ),
      );
    else if (uniqueId) firstRowOf.set(ownCopy(uniqueId), row);
    const start = at.start < 0 ? null : (values[at.start] as string | null);
    const end = at.end < 0 ? null : (values[at.end] as string | null);
    if (start && end && end < start)
      issues.push(issueAt(source, at.end, `End_Date is before Start_Date (${start}): fix one of them.`));
    const conditionIds = at.conditions < 0 ? [] : conditionsOf(cells[at.conditions] ?? null);
    if (conditionIds instanceof UnknownConditions) {
      const issue = issueAt(source, at.conditions, conditionIds.message);
      if (issues.length === 0) issue.missing_conditions = conditionIds.keys;
      issues.push(issue);
    }
    const errors = issues.length;

    const ignored = (source as SourceRow).ignored;
    if (ignored && !warnedIgnored) {
      warnedIgnored = true;
      const count = ignored === 1 ? 'a value' : `${ignored} values`;
      issues.push({
        row,
        column: null,
        value: null,
        message: `This row has ${count} in columns without a name in the header, which were not read: name those columns to use them.`,
        severity: 'warning',
      });
    }
    if (errors > 0 || conditionIds instanceof UnknownConditions) return { rule: null, issues };

    const isDefault = at.isDefault >= 0 && values[at.isDefault] === true;
    if (isDefault && defaultRow !== undefined) {
      issues.push(
        issueAt(
          source,
          at.isDefault,
          `Row ${defaultRow} is already the default: keep one Is_Default row.`,
          'warning',
        ),
      );
    } else if (isDefault) {
      defaultRow = row;
    }
    const rule: RuleInput = {
      unique_id: uniqueId,
      reporting_label: values[at.label] as string,
      is_default: isDefault,
      active: at.active < 0 || values[at.active] !== false,
      start,
      end,
      condition_ids: conditionIds,
      data: dataOf(values),
    };
    return { rule, issues };
  }

  function dataOf(values: RuleValue[]): Record<string, RuleValue> {
    const data: Record<string, RuleValue> = {};
    for (let i = 0; i < width; i++) {
      const name = planned[i]!.name;
      // A "__proto__" column would set the object's prototype instead of a value.
      if (name === '__proto__')
        Object.defineProperty(data, name, { value: values[i], enumerable: true, writable: true });
      else data[name] = values[i]!;
    }
    return data;
  }

  function conditionsOf(cell: Cell): number[] | UnknownConditions {
    const ids: number[] = [];
    const unknown: string[] = [];
    const keys: string[] = [];
    for (const part of (cellText(cell) ?? '').split(/[,;]/)) {
      const name = part.trim();
      if (!name) continue;
      const key = name.toLowerCase();
      const id = options.conditionIds.get(key);
      if (id !== undefined) {
        if (!ids.includes(id)) ids.push(id);
      } else {
        unknown.push(`"${name}"`);
        if (!keys.includes(key)) keys.push(key);
      }
    }
    if (unknown.length === 0) return ids;
    const names = unknown.join(', ');
    return new UnknownConditions(
      `No condition is named ${names}: create ${unknown.length === 1 ? 'it' : 'them'} under Conditions or fix the name.`,
      keys,
    );
  }

  return { headerIssues, check };
}

/** A `Conditions` cell naming conditions the company does not have, by their lower-cased names. */
class UnknownConditions extends Invalid {
  constructor(
    message: string,
    readonly keys: string[],
  ) {
    super(message);
  }
}

/** Gives each header column its kind: Studio's columns first, then the template's types. */
function planColumns(names: string[], template: TemplateColumn[]): { columns: Column[]; issues: Issue[] } {
  const byName = new Map(template.map((column) => [column.name.trim().toLowerCase(), column]));
  const columns = names.map((name): Column => {
    const key = name.trim().toLowerCase();
    const typed = byName.get(key);
    const kind: Kind = Object.hasOwn(SPECIAL, key)
      ? (key as keyof typeof SPECIAL)
      : (typed?.type ?? 'source');
    return { name, kind, required: typed?.required ?? false };
  });

  const present = new Set(columns.map((column) => column.name.trim().toLowerCase()));
  const missing = [SPECIAL.unique_id, SPECIAL.reporting_label].filter(
    (name) => !present.has(name.toLowerCase()),
  );
  if (missing.length > 0) {
    throw new FeedError(
      `The feed has no ${missing.join(' or ')} column: add ${missing.length === 1 ? 'it' : 'them'} to the header row.`,
    );
  }
  const absent = template.filter((column) => !present.has(column.name.trim().toLowerCase()));
  const required = absent.filter((column) => column.required).map((column) => column.name);
  if (required.length > 0) {
    throw new FeedError(
      `The template requires the column${required.length === 1 ? '' : 's'} ${required.join(', ')}, which the feed does not have: add ${required.length === 1 ? 'it' : 'them'} to the header row.`,
    );
  }
  const issues = absent.map(
    (column): Issue => ({
      row: null,
      column: column.name,
      value: null,
      message: `The template's column ${column.name} is not in the feed; its value stays empty.`,
      severity: 'warning',
    }),
  );
  return { columns, issues };
}

/** A cell as the column's kind wants it; blank cells are null (or Invalid when required). */
function normalise(column: Column, cell: Cell): RuleValue | Invalid {
  if (typeof cell === 'string') {
    if (cell.length > MAX_VALUE_LENGTH) {
      return new Invalid(
        `This value has ${cell.length.toLocaleString('en-US')} characters; the most is ${MAX_VALUE_LENGTH.toLocaleString('en-US')}: shorten it.`,
      );
    }
    if (cell.trim() === '') cell = null;
  }
  if (cell === null) {
    switch (column.kind) {
      case 'unique_id':
        return new Invalid('Unique_ID is empty: give every row its own ID.');
      case 'reporting_label':
        return new Invalid('Reporting_Label is empty: give the row a name for reports.');
      case 'is_default':
        return false;
      case 'active':
        return true;
      default:
        return column.required ? new Invalid(`${column.name} is required: fill it in.`) : null;
    }
  }
  switch (column.kind) {
    case 'unique_id':
    case 'reporting_label':
      return cellText(cell)!.trim();
    case 'conditions':
      return cellText(cell)!.trim();
    case 'is_default':
    case 'active':
    case 'boolean':
      return toBoolean(cell);
    case 'start_date':
    case 'end_date':
    case 'date':
      return toDate(cell);
    case 'number':
      return toNumber(cell);
    case 'url':
    case 'image_url':
      return toUrl(cell);
    case 'color':
      return toColor(cell);
    case 'text':
      return cellText(cell);
    case 'source':
      return untypedValue(cell);
  }
}

/**
 * The text as a string of its own. A reader's cells may be cuts of the text of a whole chunk, which
 * V8 keeps alive as long as a cut of 13 characters or more is: the IDs kept for the whole read
 * must not keep the file's text with them.
 */
const ownCopy = (text: string) => (text.length < 13 ? text : ` ${text}`.slice(1));

function shown(cell: Cell): string | null {
  const text = cellText(cell);
  if (text === null || text.length <= SHOWN_VALUE_LENGTH) return text;
  return `${text.slice(0, SHOWN_VALUE_LENGTH)}…`;
}
