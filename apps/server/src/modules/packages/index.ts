/**
 * What other areas use of packages: the service's type, and where a package's unpacked file is
 * stored (renders read the files of the package they serve).
 */
export { packageFileKey } from './package-files';
export { seedPackages } from './packages.seed';
export type { PackagesService } from './packages.service';
