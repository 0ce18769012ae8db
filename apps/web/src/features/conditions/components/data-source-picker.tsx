import { SearchPicker, type SearchPickerProps } from '../../../components/ui/search-picker';
import { useDataSourceOption, useDataSourceOptions } from '../api/get-data-source-options';

/** Picks one of the company's data sources by name; each option shows the source's current value. */
export function DataSourcePicker(props: SearchPickerProps) {
  const selected = useDataSourceOption(props.value);
  return (
    <SearchPicker
      {...props}
      useOptions={useDataSourceOptions}
      useSelected={useDataSourceOption}
      noun="data sources"
      helperText={props.helperText ?? selected.data?.detail}
    />
  );
}
