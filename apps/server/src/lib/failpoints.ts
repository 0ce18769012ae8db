/**
 * Named places where the fault tests stop a server process mid-work (test/process/faults.test.ts):
 * with `ADSTUDIO_FAILPOINTS=name,…` set, reaching one prints `failpoint <name>` and waits forever,
 * so the test can kill -9 the process exactly there. Unset (always, outside those tests), it costs
 * one lookup in an empty set.
 */
const armed = new Set(
  (process.env.ADSTUDIO_FAILPOINTS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

export type Failpoint =
  | 'bulk-write'
  | 'sync-swap'
  /** Part-way through writing a package's last file, every other one recorded. */
  | 'package-unpack-file'
  /** After a package's file is written and recorded, before the next. */
  | 'package-unpack-between'
  /** Every file of a package recorded, before it turns ready. */
  | 'package-unpack-ready'
  | 'upload-write'
  /** A webhook's events fanned out to deliveries (committed), before any is sent. */
  | 'webhook-fanned'
  /** A delivery answered 2xx by its receiver, before it is recorded delivered. */
  | 'webhook-sent';

/** Whether `name` is armed, for a place that must set up a stop before reaching it (a stream). */
export const isArmed = (name: Failpoint) => armed.has(name);

export async function failpoint(name: Failpoint): Promise<void> {
  if (!armed.has(name)) return;
  process.stdout.write(`failpoint ${name}\n`);
  await new Promise(() => {});
}
