import { resourceKeys } from '../../../lib/resource-keys';

/** Query keys of the profile templates (the profiles section's picker reads the same list). */
export const templateKeys = resourceKeys('profile-templates');
