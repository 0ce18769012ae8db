import {
  HOLDOUT_PERCENT_MAX,
  OPTIMIZE_GOALS,
  type OptimizeGoal,
  ROTATION_LABELS,
  ROTATIONS,
  type Rotation,
} from '@adstudio/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { FormNumberField } from '../../../components/ui/form-number-field';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useCanAccess } from '../../../lib/access';
import { useProfileOption } from '../api/get-profile-option';
import type { CreativeForm } from '../creative-form-values';

/** What each rotation does, one line under the select. */
const ROTATION_HINTS: Readonly<Record<Rotation, string>> = {
  rules: 'Each view gets the first rule that matches it, in feed order.',
  even: 'Every matching rule is served equally often; the default rule only when none matches.',
  weighted:
    'Matching rules are served in proportion to a number in a feed column; rules without one are not.',
  optimized: 'Learns which matching rule performs best and serves it more, while still trying the others.',
};

const GOAL_LABELS: Readonly<Record<OptimizeGoal, string>> = {
  clicks: 'Clicks (click-through rate)',
  conversions: 'Conversions (conversion rate)',
};

const nativeSelect = { select: { native: true }, inputLabel: { shrink: true } } as const;

/**
 * How served tags choose among the feed's matching rules (issue 46), the holdout kept as a control,
 * and the exit URL's click id parameter. The weight column offers the profile's columns when they
 * can be read; any name may be typed.
 */
export function RotationFields({ form, readOnly }: { form: CreativeForm; readOnly: boolean }) {
  const { control } = form;
  const [rotation, profileId] = useWatch({ control, name: ['rotation', 'profile_id'] });
  const canReadProfiles = useCanAccess('profiles', 'read');
  const profile = useProfileOption(canReadProfiles ? profileId : null);
  const columns = profile.data?.columns ?? [];
  const id = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2.5 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Rotation
      </Typography>
      <FormTextField
        control={control}
        name="rotation"
        label="Rotation"
        select
        disabled={readOnly}
        slotProps={nativeSelect}
        hint={
          profileId
            ? ROTATION_HINTS[rotation]
            : `${ROTATION_HINTS[rotation]} It applies once a profile (feed) is set.`
        }
      >
        {ROTATIONS.map((value) => (
          <option key={value} value={value}>
            {ROTATION_LABELS[value]}
          </option>
        ))}
      </FormTextField>
      {rotation === 'weighted' ? (
        <>
          <FormTextField
            control={control}
            name="rotation_weight_column"
            label="Weight column"
            required
            disabled={readOnly}
            slotProps={{ htmlInput: { list: columns.length ? `${id}-columns` : undefined } }}
            hint="The feed column whose number is each rule’s weight."
          />
          {columns.length ? (
            <datalist id={`${id}-columns`}>
              {columns.map((column) => (
                <option key={column} value={column} />
              ))}
            </datalist>
          ) : null}
        </>
      ) : null}
      {rotation === 'optimized' ? (
        <FormTextField
          control={control}
          name="rotation_goal"
          label="Optimize for"
          select
          disabled={readOnly}
          slotProps={nativeSelect}
          hint="What the rotation learns from, per impression."
        >
          {OPTIMIZE_GOALS.map((value) => (
            <option key={value} value={value}>
              {GOAL_LABELS[value]}
            </option>
          ))}
        </FormTextField>
      ) : null}
      <FormNumberField
        control={control}
        name="holdout_percent"
        label="Holdout (%)"
        min={0}
        max={HOLDOUT_PERCENT_MAX}
        disabled={readOnly}
        helperText="Share of views that see the feed’s default rule, as a control to measure lift."
      />
      <FormTextField
        control={control}
        name="click_id_param"
        label="Click id parameter"
        disabled={readOnly}
        hint="The exit URL parameter that carries the click’s id, for conversions to name it."
      />
    </Box>
  );
}
