import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A built SPA's folder as the server reads it: index.html and one hashed script. Remove it after. */
export function fakeWebDist(): string {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'adstudio-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>SPA</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  return webDist;
}
