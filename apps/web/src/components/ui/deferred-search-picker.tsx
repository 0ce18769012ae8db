import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type ComponentProps, lazy, Suspense, useRef, useState } from 'react';
import type { SearchPicker as Picker } from './search-picker';

const loadPicker = () => import('./search-picker');
const SearchPicker = lazy(() => loadPicker().then((module) => ({ default: module.SearchPicker })));

type PickerProps = ComponentProps<typeof Picker>;

/**
 * A SearchPicker whose Autocomplete (~16 KB on the wire with its popup) loads on first use, so a
 * list's first load does not carry a filter nobody has opened yet. Until then a field of the same
 * look shows the chosen item's name; the pointer reaching it starts the download, the focus swaps
 * the picker in with the focus, its options open when a click brought the focus.
 */
export function DeferredSearchPicker(props: PickerProps) {
  const [used, setUsed] = useState<{ open: boolean } | null>(null);
  const pointerDown = useRef(false);
  const selected = props.useSelected(props.value);
  const name = props.value
    ? (selected.data?.name ?? (selected.isError ? `#${props.value}` : 'Loading…'))
    : '';
  const standIn = (
    <TextField
      label={props.label}
      size={props.size}
      value={name}
      disabled={props.disabled}
      sx={props.sx}
      onPointerEnter={() => void loadPicker()}
      onPointerDown={() => {
        pointerDown.current = true;
      }}
      onFocus={() => setUsed({ open: pointerDown.current })}
      slotProps={{
        htmlInput: { readOnly: true, role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <ArrowDropDownIcon sx={{ color: 'action.active' }} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
  if (!used) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SearchPicker {...props} autoFocus defaultOpen={used.open} />
    </Suspense>
  );
}
