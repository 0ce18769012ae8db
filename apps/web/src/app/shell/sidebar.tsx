import type { Section } from '@adstudio/contract';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AddIcon from '@mui/icons-material/Add';
import CampaignIcon from '@mui/icons-material/Campaign';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import RuleIcon from '@mui/icons-material/Rule';
import TableChartIcon from '@mui/icons-material/TableChart';
import WebIcon from '@mui/icons-material/Web';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha, useTheme } from '@mui/material/styles';
import { Link as RouterLink, useMatches } from 'react-router';
import { href, type ItemRouteName, type RouteName } from '../../config/paths';
import { canAccess } from '../../lib/access';
import { useUser } from '../../lib/auth';
import { useCurrentItem } from '../../lib/current-item';
import { resolveRouteName } from '../../lib/title';

interface SectionEntry {
  section: Section;
  label: string;
  /** Highlighted when the current route name contains one of these. */
  match: readonly string[];
  icon: SvgIconComponent;
  list: RouteName;
  create?: RouteName;
  item?: { route: ItemRouteName; noun: string };
}

const SECTIONS: readonly SectionEntry[] = [
  {
    section: 'campaigns',
    label: 'Campaigns',
    match: ['campaign'],
    icon: CampaignIcon,
    list: 'campaigns.view',
    create: 'campaigns.new',
    item: { route: 'campaign.view', noun: 'Campaign' },
  },
  { section: 'assets', label: 'Assets', match: ['asset'], icon: PermMediaIcon, list: 'assets.view' },
  {
    section: 'creatives',
    label: 'Creatives',
    match: ['creative'],
    icon: WebIcon,
    list: 'creatives.view',
    create: 'creatives.new',
    item: { route: 'creative.view', noun: 'Creative' },
  },
  {
    section: 'profiles',
    label: 'Profiles',
    match: ['profile'],
    icon: TableChartIcon,
    list: 'profiles.view',
    create: 'profiles.new',
    item: { route: 'profile.view', noun: 'Profile' },
  },
  {
    section: 'conditions',
    label: 'Conditions',
    // Data sources belong to the conditions section (docs/design.md §6).
    match: ['condition', 'datasource'],
    icon: RuleIcon,
    list: 'conditions.view',
    create: 'conditions.new',
    item: { route: 'condition.view', noun: 'Condition' },
  },
];

/** Each section has its own hover colour; the highlighted one keeps a tint and a coloured icon. */
const itemSx = (colour: string, selected: boolean) => ({
  borderRadius: 1,
  mx: 1,
  my: 0.25,
  '&:hover': { bgcolor: alpha(colour, 0.16) },
  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: alpha(colour, 0.22) },
  ...(selected ? { '& .MuiListItemIcon-root': { color: colour } } : {}),
});

function NavLink({
  to,
  label,
  icon: Icon,
  selected,
  current,
  colour,
  nested = false,
  onNavigate,
}: {
  to: string;
  label: string;
  icon: SvgIconComponent;
  selected: boolean;
  current: boolean;
  colour: string;
  nested?: boolean;
  onNavigate?: (() => void) | undefined;
}) {
  return (
    <ListItemButton
      component={RouterLink}
      to={to}
      selected={selected}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
      sx={[itemSx(colour, selected), nested ? { pl: 4, py: 0.5 } : {}]}
    >
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon fontSize={nested ? 'small' : 'medium'} />
      </ListItemIcon>
      <ListItemText
        primary={label}
        slotProps={{ primary: { noWrap: true, variant: nested ? 'body2' : 'body1' } }}
      />
    </ListItemButton>
  );
}

/** Dashboard and My Account always; sections by spec section 6's sidebar column (without `qa`). */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useUser();
  const routeName = resolveRouteName(useMatches());
  const openItem = useCurrentItem();
  const primary = useTheme().palette.primary.main;

  return (
    <nav aria-label="Main">
      <List component="div" sx={{ pt: 1 }}>
        <NavLink
          to={href('dashboard')}
          label="Dashboard"
          icon={DashboardIcon}
          selected={routeName.includes('dashboard')}
          current={routeName === 'dashboard'}
          colour={primary}
          onNavigate={onNavigate}
        />
        {SECTIONS.filter((entry) => canAccess(user, entry.section, 'sidebar')).map((entry) => {
          const active = entry.match.some((name) => routeName.includes(name));
          const item = entry.item && openItem?.section === entry.section ? openItem : null;
          return (
            <SectionLinks
              key={entry.section}
              entry={entry}
              active={active}
              routeName={routeName}
              item={item}
              onNavigate={onNavigate}
            />
          );
        })}
        <Divider sx={{ my: 1 }} />
        <NavLink
          to={href('myaccount')}
          label="My Account"
          icon={AccountCircleIcon}
          selected={routeName.includes('myaccount')}
          current={routeName === 'myaccount'}
          colour={primary}
          onNavigate={onNavigate}
        />
      </List>
    </nav>
  );
}

function SectionLinks({
  entry,
  active,
  routeName,
  item,
  onNavigate,
}: {
  entry: SectionEntry;
  active: boolean;
  routeName: string;
  item: { id: string; name?: string | undefined; route?: ItemRouteName | undefined } | null;
  onNavigate?: (() => void) | undefined;
}) {
  const colourVar = useTheme().palette.section[entry.section];
  return (
    <>
      <NavLink
        to={href(entry.list)}
        label={entry.label}
        icon={entry.icon}
        selected={active}
        current={routeName === entry.list}
        colour={colourVar}
        onNavigate={onNavigate}
      />
      {active && entry.create ? (
        <List component="div" disablePadding aria-label={`${entry.label} pages`}>
          <NavLink
            to={href(entry.create)}
            label="New"
            icon={AddIcon}
            selected={routeName === entry.create}
            current={routeName === entry.create}
            colour={colourVar}
            nested
            onNavigate={onNavigate}
          />
          {item && entry.item ? (
            <NavLink
              to={href(item.route ?? entry.item.route, { id: item.id })}
              label={item.name || `${entry.item.noun} #${item.id}`}
              icon={DescriptionIcon}
              selected={routeName === (item.route ?? entry.item.route)}
              current={routeName === (item.route ?? entry.item.route)}
              colour={colourVar}
              nested
              onNavigate={onNavigate}
            />
          ) : null}
        </List>
      ) : null}
    </>
  );
}
