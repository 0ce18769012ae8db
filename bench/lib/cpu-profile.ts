import { Session } from 'node:inspector/promises';
import { findSourceMap } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Samples this process's CPU while `work` runs; answers its value and the `count` heaviest functions by self time. */
export async function cpuProfile<T>(
  work: () => Promise<T>,
  count = 10,
): Promise<{ value: T; top: string[] }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const value = await work();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples?.forEach((id, i) => {
    const micros = profile.timeDeltas?.[i] ?? 0;
    const key = frameName(byId.get(id)!);
    self.set(key, (self.get(key) ?? 0) + micros);
    total += micros;
  });
  const top = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([key, micros]) =>
        `${fmt(micros / 1e6, 2).padStart(6)} s ${fmt((micros / total) * 100, 1).padStart(5)} %  ${key}`,
    );
  return { value, top };
}

/** `name file:line`, the line in the TypeScript source where tsx's source map knows it. */
function frameName(frame: { functionName: string; url: string; lineNumber: number; columnNumber: number }) {
  if (!frame.url) return `${frame.functionName} (native)`;
  const entry = findSourceMap(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  const source = entry && 'originalSource' in entry ? entry.originalSource : frame.url;
  const line = entry && 'originalLine' in entry ? entry.originalLine : frame.lineNumber;
  const file = source.replace(/^file:\/\/.*?node_modules\//, '').replace(`file://${root}/`, '');
  return `${frame.functionName || '(anonymous)'} ${file}:${line + 1}`;
}

/**
 * Samples what this process allocates while `work` runs, dead objects included (V8's sampling heap
 * profiler, one sample per `intervalBytes` on average); answers the bytes per `per` (e.g. per
 * decision) in all and for the `count` functions that allocate most themselves.
 */
export async function allocationProfile(
  work: () => Promise<unknown>,
  { per, count = 10, intervalBytes = 1024 }: { per: number; count?: number; intervalBytes?: number },
): Promise<{ bytesPer: number; top: string[] }> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: intervalBytes,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await work();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  const self = new Map<string, number>();
  let total = 0;
  const visit = (node: typeof profile.head) => {
    const key = frameName(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  const top = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([key, bytes]) =>
        `${fmt(bytes / per).padStart(7)} B ${fmt((bytes / total) * 100, 1).padStart(5)} %  ${key}`,
    );
  return { bytesPer: total / per, top };
}
