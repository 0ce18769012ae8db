import { z } from 'zod';
import { textField } from '../common/fields';

/**
 * How a creative's served tags choose among the rules of its feed that match a viewer (issue 46,
 * docs/decisions/0137):
 * - `rules`: the first matching rule in feed order (rule selection as it always was);
 * - `even`: every matching rule equally often (the default rule only when nothing else matches);
 * - `weighted`: by a numeric feed column the creative names (rules without a weight get none);
 * - `optimized`: Thompson sampling on click-through (or conversion rate) among the matching rules.
 */
export const ROTATIONS = ['rules', 'even', 'weighted', 'optimized'] as const;
export type Rotation = (typeof ROTATIONS)[number];
export const ROTATION_LABELS: Record<Rotation, string> = {
  rules: 'First matching rule',
  even: 'Even rotation',
  weighted: 'Weighted by a feed column',
  optimized: 'Optimized (Thompson sampling)',
};

/** What `optimized` learns from: clicks per impression, or conversions per impression. */
export const OPTIMIZE_GOALS = ['clicks', 'conversions'] as const;
export type OptimizeGoal = (typeof OPTIMIZE_GOALS)[number];

/** The largest share of views a creative's holdout (the static control) may take, in percent. */
export const HOLDOUT_PERCENT_MAX = 50;
/** `optimized`: a matching rule is served at least this share of its views until it has EXPLORATION_IMPRESSIONS. */
export const EXPLORATION_FLOOR = 0.05;
export const EXPLORATION_IMPRESSIONS = 1000;
/** How often, at most, an instance reloads a creative's figures for `optimized` (their staleness). */
export const OPTIMIZATION_REFRESH_SECONDS = 10;

/** The exit URL's parameter that carries a click's id, unless the creative names another. */
export const CLICK_ID_PARAM_DEFAULT = 'adstudio_click';
export const CLICK_ID_PARAM_PATTERN = /^[A-Za-z0-9_.~-]{1,50}$/;
export const WEIGHT_COLUMN_NEEDED = 'Name the feed column that holds each rule’s weight.';

/** The rotation fields of a creative's create and update bodies. */
export const RotationFieldsSchema = z.object({
  rotation: z.enum(ROTATIONS, { error: `The rotation must be one of: ${ROTATIONS.join(', ')}.` }),
  rotation_weight_column: textField('weight column', { max: 100 })
    .nullable()
    .transform((value) => (value ? value : null)),
  rotation_goal: z.enum(OPTIMIZE_GOALS, { error: 'The goal must be clicks or conversions.' }),
  holdout_percent: z
    .number({ error: 'The holdout must be a number.' })
    .int('The holdout must be a whole percent.')
    .min(0, 'The holdout may not be negative.')
    .max(HOLDOUT_PERCENT_MAX, `The holdout may not be greater than ${HOLDOUT_PERCENT_MAX} %.`),
  click_id_param: textField('click id parameter', { required: true, max: 50 }).regex(
    CLICK_ID_PARAM_PATTERN,
    'The click id parameter must be 1–50 letters, digits, dots, dashes, underscores or tildes.',
  ),
});

/** A creative's rotation as answered. */
export const CreativeRotationSchema = z.object({
  rotation: z.enum(ROTATIONS),
  rotation_weight_column: z.string().nullable(),
  rotation_goal: z.enum(OPTIMIZE_GOALS),
  holdout_percent: z.number().int(),
  click_id_param: z.string(),
});
export type CreativeRotation = z.infer<typeof CreativeRotationSchema>;

export const ROTATION_DEFAULTS: CreativeRotation = {
  rotation: 'rules',
  rotation_weight_column: null,
  rotation_goal: 'clicks',
  holdout_percent: 0,
  click_id_param: CLICK_ID_PARAM_DEFAULT,
};

/**
 * The rules a served tag may play in a context, each with its probability of being served — what
 * "Try it" and the simulator show. `holdout_rule_id` is the static control the holdout serves.
 */
export const RotationOddsSchema = z.object({
  rotation: z.enum(ROTATIONS),
  rotation_goal: z.enum(OPTIMIZE_GOALS),
  holdout_percent: z.number().int(),
  holdout_rule_id: z.number().int().nullable(),
  candidates: z.array(
    z.object({
      rule_id: z.number().int(),
      unique_id: z.string(),
      reporting_label: z.string(),
      /** The chance a view in this context is served this rule (holdout included), 0–1. */
      probability: z.number(),
      /** `weighted`: the rule's weight (null: none). */
      weight: z.number().nullable(),
      /** `optimized`: the figures it learns from (all views so far, as of its last refresh). */
      impressions: z.number().int(),
      clicks: z.number().int(),
      conversions: z.number().int(),
    }),
  ),
  /** How many rules may be served here; `candidates` lists the ROTATION_CANDIDATES_MAX likeliest. */
  candidates_total: z.number().int(),
});
export const ROTATION_CANDIDATES_MAX = 100;
export type RotationOdds = z.infer<typeof RotationOddsSchema>;
