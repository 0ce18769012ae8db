/** A route id that cannot name an item (not 1…2^31-1 in decimal digits) is treated like one the server cannot find. */
export const parseRouteId = (value: string | undefined): number | null => {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
};

/** The tab of `?tab=…`, falling back for unknown ones. */
export const parseTab = <T extends string>(value: string | null, tabs: readonly T[], fallback: T): T =>
  (tabs as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
