import { createHash } from 'node:crypto';
import {
  isRuleColumn,
  looksLikeImageUrl,
  type QaFindingKind,
  type QaSeverity,
  type TemplateColumn,
} from '@adstudio/contract';
import { dynamicContentOf } from '../render';
import { followableUrl, ruleExitUrl } from '../tracking';

/** A rule as a run takes it: who it is and what it shows. */
export interface QaRule {
  id: number;
  unique_id: string;
  reporting_label: string;
  data: Record<string, unknown>;
}

/** What a variant renders with besides its rule's content: the same for every rule of a run. */
export interface QaSetting {
  packageId: number;
  width: number;
  height: number;
  /** The feed as the generated code names it (the profile's name). */
  profileName: string;
  /** The creative's click URL: the exit of rules without their own. */
  clickUrl: string | null;
  template: readonly TemplateColumn[];
}

/** A finding as a variant's check records it, before it is told per rule. */
export interface VariantFinding {
  kind: QaFindingKind;
  severity: QaSeverity;
  message: string;
  /** Where the variant's screenshot was kept; null for findings made without rendering. */
  screenshot_key?: string | null;
}

/** The content columns of a rule: what it shows (its own fields, Unique_ID and the like, are not content). */
const contentOf = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([column]) => !isRuleColumn(column)));

/**
 * The key of what a rule shows (decision 0128): the package, size, template, exit and content it
 * renders with. Rules with the same key look and behave the same, so a run checks them once; an
 * earlier run's check of a key stands for a later run's.
 */
export function variantKey(setting: QaSetting, rule: Pick<QaRule, 'data'>): string {
  const exit = exitOf(setting, rule) ?? null;
  const content = dynamicContentOf(setting.profileName, contentOf(rule.data));
  return createHash('sha256')
    .update(
      JSON.stringify([setting.packageId, setting.width, setting.height, setting.template, exit, content]),
    )
    .digest('base64url');
}

/** Where a click on the rule goes: its exit column, else the creative's click URL (as the tracker decides). */
export const exitOf = (setting: Pick<QaSetting, 'clickUrl'>, rule: Pick<QaRule, 'data'>) =>
  followableUrl(ruleExitUrl(rule.data) ?? setting.clickUrl);

/** Whether a run's content is still the creative's: the hash of its variants' keys, in any order. */
export function fingerprintOf(keys: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const key of [...new Set(keys)].sort()) hash.update(key).update('\n');
  return hash.digest('base64url');
}

/** Rules grouped by the key of what they show, in feed order of each group's first rule. */
export function groupRules(setting: QaSetting, rules: readonly QaRule[]): Map<string, QaRule[]> {
  const groups = new Map<string, QaRule[]>();
  for (const rule of rules) {
    const key = variantKey(setting, rule);
    const group = groups.get(key);
    if (group) group.push(rule);
    else groups.set(key, [rule]);
  }
  return groups;
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** The rule's value of a template column, its name matched as a sync matches it (case and spaces aside). */
function cellOf(data: Record<string, unknown>, column: string): unknown {
  const wanted = column.trim().toLowerCase();
  for (const [name, value] of Object.entries(data)) if (name.trim().toLowerCase() === wanted) return value;
  return undefined;
}

/**
 * Feed gaps of a rule against the profile's template as it is now: a required column empty (a template
 * tightened after the sync) is an error; a value longer than the column allows, a warning.
 */
export function feedGaps(
  template: readonly TemplateColumn[],
  data: Record<string, unknown>,
): VariantFinding[] {
  const gaps: VariantFinding[] = [];
  for (const column of template) {
    const value = cellOf(data, column.name);
    if (column.required && blank(value)) {
      gaps.push({
        kind: 'feed_gap',
        severity: 'error',
        message: `${column.name} is empty, and the template requires it: fill it in in the feed.`,
      });
      continue;
    }
    const max = column.max_length;
    const length = blank(value) ? 0 : [...String(value)].length;
    if (max && length > max)
      gaps.push({
        kind: 'feed_gap',
        severity: 'warning',
        message: `${column.name} has ${length} characters and the template allows ${max}: shorten it in the feed.`,
      });
  }
  return gaps;
}

/** The no-exit finding: a click on the variant could not go anywhere, whatever the package does. */
export const noExit = (): VariantFinding => ({
  kind: 'no_click_through',
  severity: 'error',
  message:
    "This variant has no exit URL, so a click goes nowhere: fill its Exit_URL in the feed or set the creative's click URL.",
});

/** The media URLs of a rule's content: image columns of the template, and values that look like image URLs. */
export function mediaUrlsOf(template: readonly TemplateColumn[], data: Record<string, unknown>): string[] {
  const imageColumns = new Set(
    template
      .filter((column) => column.type === 'image_url')
      .map((column) => column.name.trim().toLowerCase()),
  );
  const urls = new Set<string>();
  for (const [column, value] of Object.entries(contentOf(data))) {
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (imageColumns.has(column.trim().toLowerCase()) || looksLikeImageUrl(value)) urls.add(value.trim());
  }
  return [...urls];
}

/** The feed column whose value holds `text` (an overflowing text the browser saw), if one does. */
export function columnShowing(data: Record<string, unknown>, text: string): string | undefined {
  const wanted = text.replace(/\s+/g, ' ').trim().replace(/…$/, '');
  if (!wanted) return undefined;
  for (const [column, value] of Object.entries(contentOf(data)))
    if (typeof value === 'string' && value.replace(/\s+/g, ' ').trim().startsWith(wanted)) return column;
  return undefined;
}
