/**
 * What other areas use of dynamic code: the service's type, the identifiers and literals the
 * generated code uses (renders inject a rule's content under the same names), and the demo seed.
 */

export { seedFeedCreatives } from './dynamic-code.seed';
export type { DynamicCodeService } from './dynamic-code.service';
export { columnIdentifiers, identifierOf, literal } from './generate';
