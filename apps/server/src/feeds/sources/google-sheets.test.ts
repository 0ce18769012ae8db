import { describe, expect, it } from 'vitest';
import { parseSheetRef } from './google-sheets';

const id = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';

describe('parseSheetRef', () => {
  it.each([
    [`https://docs.google.com/spreadsheets/d/${id}/edit#gid=0`, { gsheetId: id, gid: '0' }],
    [`https://docs.google.com/spreadsheets/d/${id}/edit?usp=sharing`, { gsheetId: id }],
    [`https://docs.google.com/spreadsheets/u/0/d/${id}/edit#gid=1520573`, { gsheetId: id, gid: '1520573' }],
    [`https://docs.google.com/spreadsheets/d/${id}/edit?gid=42#gid=42`, { gsheetId: id, gid: '42' }],
    [`https://docs.google.com/spreadsheets/d/${id}/edit#gid=7&range=A1:C3`, { gsheetId: id, gid: '7' }],
    [`https://docs.google.com/spreadsheets/d/${id}`, { gsheetId: id }],
    [`docs.google.com/spreadsheets/d/${id}/edit`, { gsheetId: id }],
    [`  ${id}  `, { gsheetId: id }],
  ])('reads %s', (input, expected) => {
    expect(parseSheetRef(input)).toEqual(expected);
  });

  it.each([
    ['a published-to-web link', `https://docs.google.com/spreadsheets/d/e/2PACX-1vT${id}/pubhtml`],
    ['another host', `https://docs.example.com/spreadsheets/d/${id}/edit`],
    ['a document, not a sheet', `https://docs.google.com/document/d/${id}/edit`],
    ['a short id', 'abc123'],
    ['an id with other characters', `${id}!`],
    ['nothing', ''],
  ])('refuses %s', (_what, input) => {
    expect(parseSheetRef(input)).toBeNull();
  });

  it('drops a gid that is not a number', () => {
    expect(parseSheetRef(`https://docs.google.com/spreadsheets/d/${id}/edit#gid=abc`)).toEqual({
      gsheetId: id,
    });
  });
});
