import { ASSET_CAMPAIGN_SORTS, type AssetCampaignSort } from '@adstudio/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import { CardGrid } from '../../components/ui/card-grid';
import { FilterField } from '../../components/ui/filter-field';
import { listTotal, totalText } from '../../components/ui/list-total';
import { PageHeader } from '../../components/ui/page-header';
import { QueryView } from '../../components/ui/query-view';
import { toListQuery } from '../../lib/list-state';
import { useListUrlState } from '../../lib/use-list-url-state';
import { useAssetCampaigns } from './api/get-asset-campaigns';
import { CampaignAssetsCard } from './components/campaign-assets-card';

/** Cards fill rows of 2, 3 or 4. */
const PAGE_SIZE = 24;
const LIST_CONFIG = { sorts: ASSET_CAMPAIGN_SORTS };
/** The server's own order (recently changed first) when the URL names none. */
const ORDERS = [
  { value: '', label: 'Recently changed' },
  { value: 'name', label: 'Name (A–Z)' },
] as const;

/** `/assets`: campaigns with their creatives' asset counts and newest images; page and filter in the URL. */
export function AssetsPage() {
  const { state, change, focusFilter } = useListUrlState(LIST_CONFIG);
  const campaigns = useAssetCampaigns(toListQuery(state, PAGE_SIZE));
  const settled = campaigns.isSuccess && !campaigns.isPlaceholderData;
  const meta = campaigns.data?.meta;

  return (
    <Box>
      <PageHeader
        title="Assets"
        subtitle={
          settled && meta
            ? `Assets by campaign · ${totalText(listTotal(meta, campaigns.data?.links))}`
            : 'Assets by campaign'
        }
      />
      <Box sx={{ mb: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <FilterField
          noun="campaigns"
          filter={state.filter}
          placeholder="Campaign name"
          focusFilter={focusFilter}
          onFilter={(filter, keepFocus) => change({ filter }, keepFocus)}
        />
        <TextField
          select
          size="small"
          label="Order"
          value={state.sortBy === 'name' ? 'name' : ''}
          onChange={(event) =>
            change(
              event.target.value
                ? { sortBy: event.target.value as AssetCampaignSort, sortOrder: 'asc' }
                : { sortBy: null, sortOrder: null },
            )
          }
          sx={{ width: { xs: '100%', sm: 200 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {ORDERS.map((order) => (
            <MenuItem key={order.value} value={order.value}>
              {order.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <QueryView
        query={campaigns}
        noun="campaigns"
        empty={state.filter ? `No campaigns match "${state.filter}".` : 'No campaign has creatives yet.'}
      >
        {(list) => (
          <>
            <CardGrid label="Campaigns" minWidth={240} busy={campaigns.isPlaceholderData}>
              {list.data.map((summary) => (
                <CampaignAssetsCard key={summary.campaign.id} summary={summary} />
              ))}
            </CardGrid>
            {list.meta.last_page > 1 ? (
              <Pagination
                count={list.meta.last_page}
                page={list.meta.current_page}
                onChange={(_event, page) => change({ page })}
                sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
                getItemAriaLabel={(type, page, selected) =>
                  type === 'page' ? `${selected ? '' : 'Go to '}page ${page}` : `Go to ${type} page`
                }
              />
            ) : null}
          </>
        )}
      </QueryView>
    </Box>
  );
}
