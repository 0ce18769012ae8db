/** A list counted in item_counts and versioned in list_versions: its table's name. */
export type CountedSection = 'campaigns' | 'creatives' | 'profiles' | 'conditions' | 'assets';
