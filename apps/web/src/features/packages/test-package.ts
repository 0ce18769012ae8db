import type { Package } from '@adstudio/contract';

/** A package version as the API answers it, for the packages feature's tests. */
export const aPackage = (changes: Partial<Package> = {}): Package => ({
  id: 1,
  creative_id: 7,
  version: 1,
  original_name: 'banner.zip',
  size: 1000,
  notes: null,
  status: 'uploaded',
  processing: 'ready',
  processing_error: null,
  entry_file: 'index.html',
  file_count: 2,
  unpacked_size: 3000,
  findings: [],
  created_by: { id: 1, name: 'Admin' },
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  preview_url: 'https://app.example/render/p/1.1.sig/index.html',
  ...changes,
});
