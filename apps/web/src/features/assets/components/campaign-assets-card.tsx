import type { AssetCampaignSummary } from '@adstudio/contract';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { href } from '../../../config/paths';
import { formatCounted } from '../../../lib/format';
import { AssetThumbnail } from './asset-thumbnail';

/** One campaign of the overview: its newest images, its name and counts; the card opens its creatives. */
export function CampaignAssetsCard({ summary }: { summary: AssetCampaignSummary }) {
  const { campaign, latest } = summary;
  return (
    <Card component="li" sx={{ minWidth: 0 }}>
      <CardActionArea
        component={RouterLink}
        to={href('assets.campaign', { id: campaign.id })}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box
          sx={{
            aspectRatio: '16 / 9',
            display: 'grid',
            gap: '2px',
            gridTemplateColumns: latest.length > 1 ? '1fr 1fr' : '1fr',
            gridTemplateRows: latest.length > 2 ? '1fr 1fr' : '1fr',
            bgcolor: 'action.hover',
            overflow: 'hidden',
          }}
        >
          {latest.length ? (
            latest
              .slice(0, 4)
              .map((image) => (
                <AssetThumbnail
                  key={image.id}
                  name={image.name}
                  thumbnailUrl={image.thumbnail_url}
                  decorative
                  iconSize={28}
                  sx={{ minHeight: 0 }}
                />
              ))
          ) : (
            <Box sx={{ display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
              <PermMediaIcon sx={{ fontSize: 36, opacity: 0.6 }} aria-hidden />
            </Box>
          )}
        </Box>
        <Box sx={{ p: 1.5 }}>
          <Typography variant="h3" component="h2" noWrap title={campaign.name}>
            {campaign.name}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {formatCounted(summary.creatives, 'creative')} · {formatCounted(summary.assets, 'asset')}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
