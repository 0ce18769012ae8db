import type { Profile } from '@adstudio/contract';
import Box from '@mui/material/Box';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { profilesApi } from '../../api/profiles';
import { PageHeader } from '../../components/ui/page-header';
import { ResourceActions } from '../../components/ui/resource-actions';
import { ViewTabs } from '../../components/ui/view-tabs';
import { href } from '../../config/paths';
import { useCanAccess } from '../../lib/access';
import { parseTab } from '../../lib/route-id';
import { DetailsTab } from './components/details-tab';
import { HistoryTab } from './components/history-tab';
import { OpenDataFeedLink } from './components/open-data-feed-link';
import { IssuesLink } from './components/profile-figures';
import { ProfilePage } from './components/profile-page';
import { ProfileStatusChip } from './components/profile-status-chip';
import { RejectedRows } from './components/rejected-rows';
import { RulesTab } from './components/rules-tab';
import { SyncActions } from './components/sync-actions';
import { SyncState } from './components/sync-state';
import {
  PROFILE_TAB_LABELS,
  PROFILE_TABS,
  type ProfileTab,
  sourceText,
  syncProgress,
} from './profile-format';

const profileHref = (id: number) => href('profile.view', { id });

function ProfileView({ profile, tab }: { profile: Profile; tab: ProfileTab }) {
  const canWrite = useCanAccess('profiles', 'write');
  const [, setSearchParams] = useSearchParams();
  const remove = profilesApi.useRemove();
  // The page's own navigation (after delete, or a sync's 404) skips the unsaved-changes question.
  const allowLeave = useRef(false);

  return (
    <Box>
      <PageHeader
        title={profile.name}
        subtitle={
          <Box
            component="span"
            sx={{ display: 'inline-flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <ProfileStatusChip status={profile.status} percent={syncProgress(profile).percent} />
            <span>{sourceText(profile)}</span>
            {profile.gsheet_id ? <OpenDataFeedLink gsheetId={profile.gsheet_id} /> : null}
            {profile.template ? <span>Template {profile.template.name}</span> : null}
            <IssuesLink profile={profile} />
          </Box>
        }
        actions={
          canWrite ? (
            <>
              <SyncActions profile={profile} allowLeave={allowLeave} />
              <ResourceActions
                noun="profile"
                name={profile.name}
                onDelete={() => remove.mutateAsync(profile.id)}
                viewHref={profileHref}
                overview={href('profiles.view')}
                allowLeave={allowLeave}
              />
            </>
          ) : null
        }
      />
      <SyncState profile={profile} />
      <RejectedRows profile={profile} canWrite={canWrite} allowLeave={allowLeave} />
      <ViewTabs
        tabs={PROFILE_TABS}
        labels={PROFILE_TAB_LABELS}
        value={tab}
        onChange={(next) => setSearchParams(next === 'details' ? {} : { tab: next })}
        label="Profile sections"
      >
        {tab === 'details' ? (
          <DetailsTab profile={profile} readOnly={!canWrite} allowLeave={allowLeave} />
        ) : null}
        {tab === 'rules' ? <RulesTab profile={profile} /> : null}
        {tab === 'history' ? <HistoryTab profileId={profile.id} /> : null}
      </ViewTabs>
    </Box>
  );
}

/** One profile (feed), with URL-addressable tabs; it is followed every second while it syncs. */
export function ProfileViewPage() {
  const [searchParams] = useSearchParams();
  const tab = parseTab(searchParams.get('tab'), PROFILE_TABS, 'details');
  return <ProfilePage>{(profile) => <ProfileView profile={profile} tab={tab} />}</ProfilePage>;
}
