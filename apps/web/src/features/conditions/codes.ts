/**
 * Country and language codes the pickers offer, named with Intl.DisplayNames (no list of names to
 * ship). Intl cannot enumerate regions, so the ISO 3166-1 alpha-2 codes are listed (plus XK, Kosovo,
 * which geolocation services answer).
 */
const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT ' +
  'BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ' +
  'ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT ' +
  'HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS ' +
  'LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI ' +
  'NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG ' +
  'SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/** Languages ad calls commonly carry; any other code can be typed. */
const LANGUAGE_CODES = (
  'ar bg cs da de el en en-GB en-US es es-419 et fi fr fr-CA he hi hr hu id it ja ko lt lv ms nb nl ' +
  'pl pt pt-BR pt-PT ro ru sk sl sr sv th tr uk vi zh zh-Hans zh-Hant'
).split(' ');

export interface CodeOption {
  code: string;
  label: string;
}

type CodeType = 'region' | 'language';

/** A namer of codes; a code Intl refuses (malformed) names itself. */
function namer(type: CodeType): (code: string) => string {
  const names = new Intl.DisplayNames(['en'], { type, fallback: 'code' });
  return (code) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

const displayName = (type: CodeType, code: string): string => namer(type)(code);

function options(type: CodeType, codes: readonly string[]): CodeOption[] {
  const name = namer(type);
  return codes
    .map((code) => ({ code, label: name(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** Built per call (the pickers keep them in a memo), so no module state outlives anything. */
export const countryOptions = (): CodeOption[] => options('region', COUNTRY_CODES);
export const languageOptions = (): CodeOption[] => options('language', LANGUAGE_CODES);

/** "FR · France"; a code Intl does not know shows alone. */
export function codeLabel(type: CodeType, code: string): string {
  const name = displayName(type, code);
  return name && name !== code ? `${code} · ${name}` : code;
}

/** The IANA time zones the browser knows, UTC first; just UTC where Intl cannot list them. */
export function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** The browser's own time zone, the simulator's first guess. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};
