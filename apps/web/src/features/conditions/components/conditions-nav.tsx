import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router';
import { href } from '../../../config/paths';

/** Links between the section's two lists: conditions and the data sources they read. */
export function ConditionsNav({ value }: { value: 'conditions' | 'datasources' }) {
  return (
    <Tabs
      value={value}
      aria-label="Conditions section"
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab value="conditions" label="Conditions" component={RouterLink} to={href('conditions.view')} />
      <Tab value="datasources" label="Data sources" component={RouterLink} to={href('datasources.view')} />
    </Tabs>
  );
}
