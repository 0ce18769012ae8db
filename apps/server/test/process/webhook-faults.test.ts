import type { Status } from '@adstudio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { engine } from '../helper';
import { insertCampaign } from '../rows';
import { eventually, type FaultyServer, faultWorld, HttpSession } from '../support/server-process';
import { startReceiver } from '../support/webhook-receiver';

/**
 * Webhooks at least once (docs/design.md §12): a server killed -9 between a change's commit
 * and its delivery, or between the receiver's 2xx and recording it, delivers every event once it
 * is started again — the second kind twice, with the same delivery id. Nothing is lost.
 */
const ADMIN = { email: 'hooks@example.com', password: 'kill-dash-nine' };
let world: Awaited<ReturnType<typeof faultWorld>> | undefined;
let db: Db;
let server: FaultyServer;
let base: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** What the receiver got: each delivery's id and the status its event moved to. */
const received = () =>
  receiver.received.map((r) => ({
    delivery: String(r.headers['x-adstudio-delivery']),
    status: JSON.parse(r.body).data.status as string,
  }));
const session = new HttpSession();

beforeAll(async () => {
  receiver = await startReceiver({ ok: 'ok' });
  world = await faultWorld(engine, {
    name: 'hooks',
    admin: ADMIN,
    session,
    failpoints: ['webhook-sent'],
    extraEnv: { DATASOURCE_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SECONDS: '0.2,0.2,0.2,0.2,0.2,0.2,0.2' },
  });
  ({ db, server, base } = world);
});
afterAll(async () => {
  await world?.close();
  await receiver?.close();
});

describe(`webhooks through kill -9 (${engine})`, () => {
  it('delivers every event at least once, whichever step the server died at', async () => {
    const url = `${receiver.base}/hook`;
    const made = await session.fetch(base, '/v1/webhooks', {
      method: 'POST',
      body: { url, events: ['campaign.status_changed'] },
    });
    expect(made.status).toBe(201);
    const { companyId } = world!;
    const campaign = await insertCampaign(db, { companyId, name: 'Killed', status: 'draft' });
    const move = (status: Status) =>
      db.updateTable('campaigns').set({ status }).where('id', '=', campaign).execute();

    // 1. The receiver answered 2xx; the server dies before recording it: sent again after restart.
    await move('testing');
    await server.reached('webhook-sent');
    expect(received().map((r) => r.status)).toEqual(['testing']);
    await server.crash();

    // 2. A change commits while the server is down (the event waits in the outbox) …
    await move('ready');
    await server.start(['webhook-fanned']);
    // 3. … and the restarted server dies again once it fanned the events out, before sending.
    await server.reached('webhook-fanned');
    await server.crash();
    await move('live');
    await server.start();

    await eventually(async () => {
      const statuses = received().map((r) => r.status);
      return ['testing', 'ready', 'live'].every((s) => statuses.includes(s)) ? statuses : undefined;
    }, 'every event received');
    await eventually(async () => {
      const rows = await db.selectFrom('webhook_deliveries').select('status').execute();
      return rows.length === 3 && rows.every((row) => row.status === 'delivered') ? rows : undefined;
    }, 'every delivery recorded');
    const deliveries = await db.selectFrom('webhook_deliveries').selectAll().orderBy('id').execute();
    // Each event has one delivery, delivered; the first reached the receiver twice, as the same delivery.
    expect(deliveries.map((d) => JSON.parse(d.body).data.status)).toEqual(['testing', 'ready', 'live']);
    const first = received().filter((r) => r.status === 'testing');
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(new Set(first.map((r) => r.delivery)).size).toBe(1);
    // In order: no event reached the receiver before an earlier one.
    const order = received()
      .map((r) => r.status)
      .filter((s, i, all) => all.indexOf(s) === i);
    expect(order).toEqual(['testing', 'ready', 'live']);
  }, 120_000); // three server starts, and on PostgreSQL a killed job waits for its expiry
});
