import { type TokenLinkKind, type TokenView, TokenViewSchema } from '@adstudio/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client';
import { getData } from './get-data';

/** GET /v1/token-links/{kind}/{id}/views: a shared link's openings, newest first. */
export const getTokenViews = (kind: TokenLinkKind, id: number): Promise<TokenView[]> =>
  getData(z.array(TokenViewSchema), api.get(`/v1/token-links/${kind}/${id}/views`));

export const tokenViewsKey = (kind: TokenLinkKind, id: number) => ['token-links', kind, id, 'views'] as const;

/** Asked for only while the list is shown; read afresh each time it opens (views keep coming). */
export const useTokenViews = (kind: TokenLinkKind, id: number, enabled: boolean) =>
  useQuery({
    queryKey: tokenViewsKey(kind, id),
    queryFn: () => getTokenViews(kind, id),
    enabled,
    staleTime: 0,
  });

const BROWSERS: readonly [RegExp, string][] = [
  [/\b(?:bot|crawler|spider|slurp)\b|bot\//i, 'Bot'],
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/\bcurl\/(\d+)/, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A user agent as a person reads it: "Chrome 131 on Windows", "Safari 18 on iOS"; the raw text
 * when nothing in it is recognised, "Unknown browser" when empty.
 */
export function describeUserAgent(userAgent: string): string {
  const text = userAgent.trim();
  if (!text) return 'Unknown browser';
  let browser: string | undefined;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      browser = match[1] ? `${name} ${match[1]}` : name;
      break;
    }
  }
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
