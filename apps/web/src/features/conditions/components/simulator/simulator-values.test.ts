import { describe, expect, it } from 'vitest';
import { simulatorDefaults, toSimulationContext, zonedTimeToIso } from './simulator-values';

describe('simulator context', () => {
  it('reads a wall-clock time in the chosen zone, whatever the browser’s', () => {
    expect(zonedTimeToIso('2026-07-01T12:00', 'Europe/Paris')).toBe('2026-07-01T10:00:00.000Z');
    expect(zonedTimeToIso('2026-01-10T09:30', 'Asia/Tokyo')).toBe('2026-01-10T00:30:00.000Z');
    expect(zonedTimeToIso('2026-01-10T09:30', 'UTC')).toBe('2026-01-10T09:30:00.000Z');
    expect(zonedTimeToIso('10/01/2026', 'UTC')).toBeNull();
  });

  it('leaves out what is empty and keys overrides by data source id', () => {
    expect(toSimulationContext(simulatorDefaults('UTC'))).toEqual({
      time_zone: 'UTC',
      params: {},
      datasources: {},
    });
    expect(
      toSimulationContext({
        ...simulatorDefaults('Europe/Paris'),
        at: '2026-07-01T12:00',
        country: 'fr ',
        device: 'mobile',
        params: [
          { name: 'zip', value: '75001' },
          { name: ' ', value: 'ignored' },
        ],
        datasources: [
          { id: 3, value: '25' },
          { id: null, value: 'unpicked' },
        ],
      }),
    ).toEqual({
      at: '2026-07-01T10:00:00.000Z',
      time_zone: 'Europe/Paris',
      country: 'FR',
      device: 'mobile',
      params: { zip: '75001' },
      datasources: { '3': '25' },
    });
  });
});
