import type { DataSource } from '@adstudio/contract';
import { describe, expect, it } from 'vitest';
import {
  dataSourceBody,
  dataSourceFormValues,
  dataSourceTestBody,
  dataValueText,
  refreshText,
  urlHost,
  urlPlaceholders,
} from './data-source-format';

const source: DataSource = {
  id: 3,
  name: 'Weather',
  url: 'https://api.example.com/w?city={city}',
  method: 'GET',
  headers: [{ name: 'Authorization', set: true }],
  json_path: '$.temp',
  refresh_seconds: 300,
  timeout_ms: 2000,
  default_value: '20',
  value: 21.5,
  last_value: 21.5,
  fetched_at: '2026-01-01T10:00:00Z',
  last_error: null,
  failed_at: null,
  used_by: [],
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T10:00:00Z',
  deleted_at: null,
};

describe('data source helpers', () => {
  it('finds the URL’s placeholders once each, in order', () => {
    expect(urlPlaceholders('https://x.test/{country}/{param:zip}?c={country}&d={city}')).toEqual([
      'country',
      'param:zip',
      'city',
    ]);
    expect(urlPlaceholders('https://x.test/plain')).toEqual([]);
    expect(urlPlaceholders('https://x.test/{1bad}')).toEqual([]);
  });

  it('shows the host, the value and the refresh interval', () => {
    expect(urlHost('https://api.example.com:8443/w?city={city}')).toBe('api.example.com:8443');
    expect(urlHost('not a url')).toBe('not a url');
    expect(dataValueText(null)).toBe('—');
    expect(dataValueText(false)).toBe('false');
    expect(refreshText(30)).toBe('every 30 s');
    expect(refreshText(300)).toBe('every 5 min');
    expect(refreshText(7200)).toBe('every 2 h');
    expect(refreshText(86_400)).toBe('every day');
  });

  it('keeps a stored header value unless it is replaced, and never shows it', () => {
    const values = dataSourceFormValues(source);
    expect(values.headers).toEqual([{ name: 'Authorization', value: '', stored: true, replace: false }]);
    expect(dataSourceBody(values).headers).toEqual([{ name: 'Authorization' }]);

    const replaced = {
      ...values,
      headers: [{ name: 'Authorization', value: 'Bearer new', stored: true, replace: true }],
    };
    expect(dataSourceBody(replaced).headers).toEqual([{ name: 'Authorization', value: 'Bearer new' }]);
  });

  it('makes blank optional fields null', () => {
    const body = dataSourceBody({ ...dataSourceFormValues(), name: 'X', url: 'https://x.test/' });
    expect(body).toMatchObject({ json_path: null, default_value: null, method: 'GET', headers: [] });
  });

  it('tests the unsaved definition with the saved id and the URL’s placeholders', () => {
    const values = { ...dataSourceFormValues(source), json_path: ' ' };
    expect(dataSourceTestBody(values, 3, { city: 'Paris', other: 'x' })).toEqual({
      id: 3,
      url: 'https://api.example.com/w?city={city}',
      method: 'GET',
      headers: [{ name: 'Authorization' }],
      json_path: null,
      timeout_ms: 2000,
      placeholders: { city: 'Paris' },
    });
    expect(dataSourceTestBody(dataSourceFormValues(), undefined, {})).not.toHaveProperty('id');
  });
});
