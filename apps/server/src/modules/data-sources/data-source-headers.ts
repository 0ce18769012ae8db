import { createSealer, isSealed, UnreadableSecretError } from '../../lib/secrets';
import type { StoredHeader } from './data-source-fetch';

/** The stored header list, or why it cannot be read. */
export interface ReadHeaders {
  headers: StoredHeader[];
  /** Sealed under another APP_KEY (or damaged): the names and values are lost until entered again. */
  unreadable: boolean;
}

export const HEADERS_UNREADABLE =
  'The stored header values cannot be read (APP_KEY changed?): enter them again.';

/**
 * A data source's headers as stored: the whole list `[{name, value}]` sealed with APP_KEY
 * (lib/secrets.ts), so neither the values nor the names an API key hides behind sit in the
 * database as plain text. Rows written before sealing hold `{}` and read as no headers. Lists
 * sealed under a key of `previousKeys` (APP_PREVIOUS_KEYS) still read; saving seals them anew.
 */
export function createHeaderVault(appKey: string, previousKeys: readonly string[] = []) {
  const sealer = createSealer(appKey, 'data source headers', previousKeys);
  return {
    read(text: string): ReadHeaders {
      if (!isSealed(text)) return { headers: [], unreadable: false };
      try {
        const list = JSON.parse(sealer.open(text)) as unknown;
        const headers = Array.isArray(list)
          ? list.filter(
              (h): h is StoredHeader =>
                typeof h?.name === 'string' && typeof h?.value === 'string' && h.name !== '',
            )
          : [];
        return { headers, unreadable: false };
      } catch (error) {
        if (error instanceof UnreadableSecretError || error instanceof SyntaxError)
          return { headers: [], unreadable: true };
        throw error;
      }
    },

    write: (headers: readonly StoredHeader[]): string =>
      sealer.seal(JSON.stringify(headers.map(({ name, value }) => ({ name, value })))),
  };
}
export type HeaderVault = ReturnType<typeof createHeaderVault>;
