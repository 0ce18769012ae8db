import { CREATIVE_SIZE_MAX } from '@adstudio/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type Control, type UseFormSetValue, useFormState, useWatch } from 'react-hook-form';
import { FormNumberField } from '../../../components/ui/form-number-field';
import type { CreativeFormValues } from '../creative-form-values';
import { CUSTOM_SIZE, SIZE_OPTIONS, sizeChoice } from '../creative-format';

/** The creative's size: an IAB preset, or "Custom" with width × height (1–4000 px). */
export function SizeField({
  control,
  setValue,
  disabled,
}: {
  control: Control<CreativeFormValues>;
  setValue: UseFormSetValue<CreativeFormValues>;
  disabled: boolean;
}) {
  const [width, height] = useWatch({ control, name: ['width', 'height'] });
  const { errors } = useFormState({ control, name: ['width', 'height'] });
  const preset = sizeChoice(width, height);
  // Custom stays chosen while the typed size happens to be a preset; errors show the inputs too.
  const [custom, setCustom] = useState(preset === CUSTOM_SIZE);
  const showInputs = custom || preset === CUSTOM_SIZE || Boolean(errors.width || errors.height);

  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <TextField
        select
        label="Size"
        required
        value={showInputs ? CUSTOM_SIZE : preset}
        disabled={disabled}
        onChange={(event) => {
          const choice = event.target.value;
          setCustom(choice === CUSTOM_SIZE);
          if (choice === CUSTOM_SIZE) return;
          const [w, h] = choice.split('x').map(Number) as [number, number];
          setValue('width', w, { shouldDirty: true, shouldValidate: true });
          setValue('height', h, { shouldDirty: true, shouldValidate: true });
        }}
        sx={{ flex: '1 1 260px' }}
      >
        {SIZE_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM_SIZE}>Custom</MenuItem>
      </TextField>
      {showInputs ? (
        <>
          <FormNumberField
            control={control}
            name="width"
            label="Width (px)"
            required
            disabled={disabled}
            min={1}
            max={CREATIVE_SIZE_MAX}
            sx={{ width: 140 }}
          />
          <Box component="span" aria-hidden sx={{ pt: 2 }}>
            ×
          </Box>
          <FormNumberField
            control={control}
            name="height"
            label="Height (px)"
            required
            disabled={disabled}
            min={1}
            max={CREATIVE_SIZE_MAX}
            sx={{ width: 140 }}
          />
        </>
      ) : null}
    </Box>
  );
}
