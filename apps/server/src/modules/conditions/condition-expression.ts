import {
  CONDITION_LOGICS,
  type ConditionExpression,
  type ConditionLogic,
  type Predicate,
  parseField,
} from '@adstudio/contract';
import { parseJson } from '../../lib/json';

/**
 * A condition's stored expression (`conditions.expression`, JSON `{logic, predicates}`) read
 * defensively: a damaged or legacy text reads as "all" of no predicates rather than failing a list.
 */
export function parseExpression(text: string): ConditionExpression & { predicates: Predicate[] } {
  const stored = parseJson<{ logic?: unknown; predicates?: unknown }>(text, {});
  const logic = (CONDITION_LOGICS as readonly unknown[]).includes(stored.logic)
    ? (stored.logic as ConditionLogic)
    : 'all';
  return { logic, predicates: Array.isArray(stored.predicates) ? (stored.predicates as Predicate[]) : [] };
}

export const expressionText = (expression: ConditionExpression) =>
  JSON.stringify({ logic: expression.logic, predicates: expression.predicates });

/** The data sources a condition's predicates read, each once, in order. */
export function dataSourceIdsOf(predicates: readonly Predicate[]): number[] {
  const ids = predicates.flatMap((predicate) => {
    const field = typeof predicate?.field === 'string' ? parseField(predicate.field) : null;
    return field?.type === 'datasource' ? [field.id] : [];
  });
  return [...new Set(ids)];
}
