import type { CampaignCreateInput } from '@adstudio/contract';

type FormValues = CampaignCreateInput;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether two versions show the same values in the form (they may differ in status or updated_at). */
export const sameFormValues = (a: FormValues, b: FormValues): boolean =>
  (Object.keys(a) as (keyof FormValues)[]).every((key) => same(a[key], b[key]));

/**
 * "Reload and re-apply" after a 409: the latest version with the user's edits on top. A field the
 * user changed from the version the form was loaded from keeps their value (the ranges count as one
 * field); every other field takes the latest value, so saving again does not undo the other change.
 */
export function rebaseFormValues(loaded: FormValues, edited: FormValues, latest: FormValues): FormValues {
  return Object.fromEntries(
    Object.entries(latest).map(([key, value]) => {
      const mine = edited[key as keyof FormValues];
      return [key, same(mine, loaded[key as keyof FormValues]) ? value : mine];
    }),
  ) as FormValues;
}
