import fs from 'node:fs';

/**
 * Every process below `root`, by the parent links in /proc (a server's Chromium: its browser,
 * zygotes, renderers, GPU and utility processes). Linux only; a process that ends meanwhile is left out.
 */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}
