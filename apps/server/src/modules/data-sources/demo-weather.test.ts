import { describe, expect, it } from 'vitest';
import { DEMO_WEATHER_PATH, demoWeather, ownDemoAnswer } from './demo-weather';

describe('demoWeather', () => {
  const at = new Date('2026-01-15T03:20:00Z');

  it('answers the same reading for a city within the hour, another one the next hour', () => {
    const reading = demoWeather('Oslo', at);
    expect(demoWeather('oslo', new Date('2026-01-15T03:59:59Z')).current).toEqual(reading.current);
    expect(reading.current.observed_at).toBe('2026-01-15T03:00:00.000Z');
    const readings = Array.from({ length: 24 }, (_, hour) =>
      demoWeather('Oslo', new Date(Date.UTC(2026, 0, 15, hour))),
    );
    expect(new Set(readings.map((r) => r.current.temperature)).size).toBeGreaterThan(12);
  });

  it('keeps temperatures believable: winter nights colder than summer afternoons, within -20…40 °C', () => {
    for (const city of ['Oslo', 'Lisbon', 'Québec City', 'Reykjavík', 'Amsterdam', 'x']) {
      const winter = demoWeather(city, new Date('2026-01-15T03:00:00Z')).current.temperature;
      const summer = demoWeather(city, new Date('2026-07-15T15:00:00Z')).current.temperature;
      expect(summer - winter, city).toBeGreaterThan(15);
      for (const t of [winter, summer]) {
        expect(t).toBeGreaterThanOrEqual(-20);
        expect(t).toBeLessThanOrEqual(40);
      }
    }
    // Some demo city is below the demo condition's 5 °C on a January night, so it can hold.
    expect(demoWeather('Oslo', new Date('2026-01-15T03:00:00Z')).current.temperature).toBeLessThan(5);
  });
});

describe('ownDemoAnswer', () => {
  const now = new Date('2026-11-21T10:00:00Z');

  it('answers the demo path on the app’s own origin, nothing else', () => {
    const own = ownDemoAnswer(
      `https://ads.example.com${DEMO_WEATHER_PATH}?city=Lyon`,
      'https://ads.example.com',
      now,
    );
    expect(own?.status).toBe(200);
    expect(JSON.parse(own!.text)).toEqual(demoWeather('Lyon', now));
    for (const url of [
      `https://ads.example.com/healthz`,
      `https://ads.example.com${DEMO_WEATHER_PATH}/x`,
      `http://ads.example.com${DEMO_WEATHER_PATH}`,
      `https://ads.example.com:8443${DEMO_WEATHER_PATH}`,
      `https://other.example.com${DEMO_WEATHER_PATH}`,
      'not a url',
    ])
      expect(ownDemoAnswer(url, 'https://ads.example.com', now), url).toBeNull();
  });
});
