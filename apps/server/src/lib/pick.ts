/** The `keys` of `row` alone: an API view that shows some of a row's columns as they are. */
export const pick = <T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
