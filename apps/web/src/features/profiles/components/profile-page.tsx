import type { Profile } from '@adstudio/contract';
import type { ReactNode } from 'react';
import { profileKeys, useProfile } from '../../../api/profiles';
import { ItemPage } from '../../../components/ui/item-page';
import { href } from '../../../config/paths';

/** One profile, read every second while it syncs. */
const FOLLOWED = { useItem: useProfile, keys: profileKeys };

/** The frame of a profile's pages (its view, its errors): `children` gets the profile. */
export function ProfilePage({ children }: { children: (profile: Profile) => ReactNode }) {
  return (
    <ItemPage section="profiles" noun="profile" api={FOLLOWED} overview={href('profiles.view')}>
      {children}
    </ItemPage>
  );
}
