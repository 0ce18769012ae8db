import { gsheetIdOf, type ProfileCreate, sheetUrl, type User } from '@adstudio/contract';
import { unprocessable } from '../../lib/http-errors';
import { parseJson } from '../../lib/json';
import { randomToken } from '../../lib/tokens';
import type { SavedUrlCheck } from '../../net/saved-url';
import type { UploadsService } from '../uploads';
import type { ProfileRow } from './profiles.repository';

export const NOT_A_SHEET = 'Give the address of a Google Sheet (docs.google.com/spreadsheets/d/…) or its id.';
export const UPLOAD_NEEDED = 'Upload an XLSX, CSV or TSV file.';
export const URL_NEEDED = 'Give the address of a CSV or XLSX file (http:// or https://).';
export const NO_TEMPLATE = 'Choose one of the templates.';

/** Where an uploaded feed file is kept. */
const feedKey = (name: string) =>
  `feeds/${randomToken(12)}/${name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-100) || 'feed'}`;

/** The fields a user edits (as stored). */
export interface SourceFields {
  name: string;
  source: string;
  url: string | null;
  gsheet_id: string | null;
  file_key: string | null;
  file_name: string | null;
  ranges: string;
  template_id: number | null;
  schedule: string | null;
}

export const sourceFieldsOf = (row: ProfileRow): SourceFields => ({
  name: row.name,
  source: row.source,
  url: row.url,
  gsheet_id: row.gsheet_id,
  file_key: row.file_key,
  file_name: row.file_name,
  ranges: row.ranges,
  template_id: row.template_id,
  schedule: row.schedule,
});

/** The same as audit entries show them: ranges as a list, the storage key left out. */
export const audited = ({ file_key: _key, ranges, ...fields }: Partial<SourceFields>) => ({
  ...fields,
  ...(ranges !== undefined ? { ranges: parseJson<string[]>(ranges, []) } : {}),
});

interface Deps {
  uploads: Pick<UploadsService, 'claim'>;
  /** Refuses a feed URL the SSRF guard would refuse at every sync (422 on `url`). */
  reachable: SavedUrlCheck;
  /** Whether the company has this live template (asked of templates). */
  templateExists: (companyId: number, id: number) => Promise<boolean>;
}

/**
 * The source fields a create or edit asks for, checked (422 with field messages): a Google Sheet
 * by its address or id, a URL, or an upload. A new upload is claimed here, so a refused file
 * answers before anything is written.
 */
export const createSourceResolver =
  ({ uploads, reachable, templateExists }: Deps) =>
  async (user: User, body: Partial<ProfileCreate>, current: SourceFields | undefined) => {
    const source = body.source ?? current?.source ?? 'gsheet';
    const out: Partial<SourceFields> = { source };
    if (body.template_id !== undefined) {
      if (body.template_id !== null && !(await templateExists(user.company_id, body.template_id)))
        throw unprocessable({ template_id: [NO_TEMPLATE] });
      out.template_id = body.template_id;
    }
    if (body.ranges !== undefined) out.ranges = JSON.stringify(body.ranges);
    if (body.schedule !== undefined) out.schedule = body.schedule;
    const sourceChanged = body.source !== undefined && body.source !== current?.source;
    if (source === 'gsheet' && (sourceChanged || body.url !== undefined || body.gsheet_id !== undefined)) {
      const id =
        body.gsheet_id ??
        (body.url ? gsheetIdOf(body.url) : null) ??
        (sourceChanged ? null : current?.gsheet_id);
      if (!id) throw unprocessable({ [body.url ? 'url' : 'gsheet_id']: [NOT_A_SHEET] });
      Object.assign(out, { gsheet_id: id, url: sheetUrl(id), file_key: null, file_name: null });
    }
    if (source === 'url' && (sourceChanged || body.url !== undefined)) {
      const url = body.url ?? (sourceChanged ? null : current?.url);
      if (!url || !/^https?:\/\/[^/\s]+/i.test(url) || !URL.canParse(url))
        throw unprocessable({ url: [URL_NEEDED] });
      reachable(url);
      Object.assign(out, { url, gsheet_id: null, file_key: null, file_name: null });
    }
    if (source === 'upload' && (sourceChanged || body.key)) {
      if (!body.key) throw unprocessable({ key: [UPLOAD_NEEDED] });
      const name = body.file_name ?? 'feed';
      const key = feedKey(name);
      await uploads.claim(user.company_id, body.key, key, 'feed');
      Object.assign(out, { file_key: key, file_name: name, url: null, gsheet_id: null });
    }
    return out;
  };
