import type { SimulationContext, TagTrial, User } from '@adstudio/contract';
import { HttpError, notFound } from '../../lib/http-errors';
import { type RuleChooser, simulationResult } from '../rule-selection';
import type { AdServing } from '../serving';

interface Deps {
  decision: AdServing['decision'];
  odds: AdServing['odds'];
  chooseRule: RuleChooser;
  /** Render URLs of the creative's variants (render's `variantRenderUrls`). */
  renderUrls(creativeId: number): Promise<(ruleId: number) => string | null>;
}

/**
 * "Try it" (docs/design.md §11): what a tag serves in a simulated context, decided as `/serve`
 * decides, beside the simulator's account of the creative's feed (its trace), and a render of the
 * variant the tag plays. Read-only: nothing is counted.
 */
export function createTagTrial({ decision, odds, chooseRule, renderUrls }: Deps) {
  return async (
    user: User,
    creativeId: number,
    tagId: number,
    context: SimulationContext,
  ): Promise<TagTrial> => {
    const decided = await decision(user.company_id, creativeId, tagId, context);
    if (!decided) throw notFound();
    const urls = await renderUrls(creativeId);
    const chosen = await chooseRule(user.company_id, creativeId, context).catch((error: unknown) => {
      // No feed (422): the simulator has nothing to say; the decision stands alone.
      if (error instanceof HttpError && error.statusCode === 422) return undefined;
      throw error;
    });
    const ruleId = decided.serves === 'variant' ? decided.ruleId : undefined;
    return {
      serves: decided.serves,
      because: decided.because,
      rule_id: ruleId ? ruleId : null,
      render_url: ruleId === undefined ? null : urls(ruleId),
      simulation: chosen
        ? simulationResult(
            chosen,
            context.time_zone,
            chosen.rule ? urls(chosen.rule.id) : null,
            await odds(user.company_id, creativeId, context),
          )
        : null,
    };
  };
}
export type TagTrialRunner = ReturnType<typeof createTagTrial>;
