/**
 * What other areas use of packages: the service's type and the demo seed. Where a package's files are
 * stored is storage/package-files.ts, which renders read too.
 */
export { seedPackages } from './packages.seed';
export type { PackagesService } from './packages.service';
