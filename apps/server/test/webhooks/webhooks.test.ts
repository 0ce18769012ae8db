import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { insertCampaign } from '../rows';
import { type Received, signedWith, startReceiver } from '../support/webhook-receiver';

/**
 * Webhooks (docs/design.md §12): events written in their change's transaction (an outbox),
 * delivered by the job queue to a receiver this test runs — signed, in order, retried, never for
 * a rolled-back change, never through a redirect or to an internal address.
 */
let t: TestApp;
let admin: Client;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let base: string;
let received: Received[];
/** Statuses the receiver answers next, first first; 200 when empty. */
let answers: number[];

/** Runs the dispatcher until `done` holds (as its timer would, twice a second), at most 8 s. */
async function dispatchUntil(done: () => boolean) {
  const deadline = Date.now() + 8000;
  while (!done() && Date.now() < deadline) {
    await t.app.services.webhookDispatch.tick();
    await t.app.jobs.idle();
    if (!done()) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(done()).toBe(true);
}

const createHook = async (body: object) => {
  const res = await admin.post('/v1/webhooks', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string; active: boolean };
};

beforeAll(async () => {
  // A receiver moved elsewhere answers a redirect, which deliveries do not follow.
  receiver = await startReceiver({
    route: (request) =>
      request.url === '/moved' ? { status: 302, headers: { location: '/hook' } } : undefined,
  });
  ({ base, received, answers } = receiver);
  t = await buildTestApp({
    DATASOURCE_ALLOW_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_SECONDS: '0.1,0.1,0.1,0.1,0.1,0.1,0.1',
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
beforeEach(() => receiver.reset());

describe(`webhooks (${engine})`, () => {
  it('delivers a status change signed, as {id, type, created_at, company_id, data}, in order', async () => {
    const hook = await createHook({ url: `${base}/hook`, events: ['campaign.status_changed'] });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect((await admin.get('/v1/webhooks')).json().data[0]).not.toHaveProperty('secret');
    const campaign = await insertCampaign(t.db, { companyId: t.companyId, name: 'Hooked', status: 'draft' });
    const move = async (status: string) => {
      const current = (await admin.get(`/v1/campaigns/${campaign}`)).json().data;
      const res = await admin.put(`/v1/campaigns/${campaign}`, { status, updated_at: current.updated_at });
      expect(res.statusCode, res.body).toBe(200);
    };
    await move('quality assurance');
    await move('testing');
    await dispatchUntil(() => received.length >= 2);
    const [first, second] = received.map((r) => ({ ...r, json: JSON.parse(r.body) }));
    expect(first!.json).toEqual({
      id: expect.any(Number),
      type: 'campaign.status_changed',
      created_at: expect.any(String),
      company_id: t.companyId,
      data: { id: campaign, name: 'Hooked', status: 'quality assurance', previous_status: 'draft' },
    });
    expect(second!.json.data).toMatchObject({ status: 'testing', previous_status: 'quality assurance' });
    expect(second!.json.id).toBeGreaterThan(first!.json.id);
    expect(first!.headers['x-adstudio-event']).toBe('campaign.status_changed');
    expect(first!.headers['x-adstudio-delivery']).toBe(String(first!.json.id));
    expect(first!.headers['content-type']).toBe('application/json');
    expect(signedWith(hook.secret, first!)).toBe(true);
    expect(signedWith(`${hook.secret}x`, first!)).toBe(false);
    const deliveries = (await admin.get(`/v1/webhooks/${hook.id}/deliveries`)).json().data;
    expect(deliveries.map((d: { status: string }) => d.status)).toEqual(['delivered', 'delivered']);
    expect(deliveries[0]).toMatchObject({ attempt: 1, response_status: 200, response_excerpt: 'thanks' });
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });

  it('retries after a 500 with the same delivery id, keeps later events behind, and redelivers on demand', async () => {
    const hook = await createHook({ url: `${base}/hook`, events: ['campaign.status_changed'] });
    const campaign = await insertCampaign(t.db, { companyId: t.companyId, name: 'Flaky', status: 'draft' });
    answers.push(500, 503);
    await t.db.updateTable('campaigns').set({ status: 'testing' }).where('id', '=', campaign).execute();
    await t.db.updateTable('campaigns').set({ status: 'ready' }).where('id', '=', campaign).execute();
    await dispatchUntil(() => received.length >= 4);
    const ids = received.map((r) => JSON.parse(r.body).data.status as string);
    // The first event is tried three times before the second may go: order holds through retries.
    expect(ids).toEqual(['testing', 'testing', 'testing', 'ready']);
    expect(new Set(received.slice(0, 3).map((r) => r.headers['x-adstudio-delivery'])).size).toBe(1);
    const deliveries = (await admin.get(`/v1/webhooks/${hook.id}/deliveries`)).json().data;
    expect(deliveries.at(-1)).toMatchObject({ status: 'delivered', attempt: 3, response_status: 200 });

    const again = await admin.post(`/v1/webhooks/${hook.id}/deliveries/${deliveries.at(-1).id}/redeliver`);
    expect(again.statusCode, again.body).toBe(201);
    received.length = 0;
    await dispatchUntil(() => received.length >= 1);
    expect(received[0]!.headers['x-adstudio-delivery']).toBe(String(deliveries.at(-1).event_id));
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });

  it('sends nothing for a rolled-back change, an event not subscribed, or a company without webhooks', async () => {
    const hook = await createHook({ url: `${base}/hook`, events: ['approval.decided'] });
    const campaign = await insertCampaign(t.db, {
      companyId: t.companyId,
      name: 'Rolled back',
      status: 'draft',
    });
    const before = await t.db
      .selectFrom('outbox_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('campaigns').set({ status: 'testing' }).where('id', '=', campaign).execute();
        throw new Error('changed my mind');
      })
      .catch(() => {});
    const after = await t.db
      .selectFrom('outbox_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 0);
    // Committed, but this webhook listens for approvals only.
    await t.db.updateTable('campaigns').set({ status: 'testing' }).where('id', '=', campaign).execute();
    const other = await t.createCompany();
    const theirs = await insertCampaign(t.db, { companyId: other, name: 'Elsewhere', status: 'draft' });
    await t.db.updateTable('campaigns').set({ status: 'testing' }).where('id', '=', theirs).execute();
    await t.app.services.webhookDispatch.tick();
    await t.app.jobs.idle();
    expect(received).toEqual([]);
    expect((await admin.get(`/v1/webhooks/${hook.id}/deliveries`)).json().data).toEqual([]);
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });

  it('follows no redirect and reaches no internal address', async () => {
    const moved = await createHook({ url: `${base}/moved`, events: ['campaign.status_changed'] });
    // Saved before the rule below, or a name whose DNS now points inside: refused at delivery.
    const internal = await createHook({ url: `${base}/soon-internal`, events: ['campaign.status_changed'] });
    await t.db
      .updateTable('webhooks')
      .set({ url: 'http://169.254.169.254/latest' })
      .where('id', '=', internal.id)
      .execute();
    const campaign = await insertCampaign(t.db, { companyId: t.companyId, name: 'Guarded', status: 'draft' });
    await t.db.updateTable('campaigns').set({ status: 'testing' }).where('id', '=', campaign).execute();
    const attempted = async (id: number) => (await admin.get(`/v1/webhooks/${id}/deliveries`)).json().data[0];
    await dispatchUntil(() => received.length >= 1);
    await dispatchUntil(() => true);
    const [redirected, refused] = [await attempted(moved.id), await attempted(internal.id)];
    expect(redirected).toMatchObject({ status: 'pending', attempt: 1, response_status: null });
    expect(redirected.response_excerpt).toContain('redirect');
    expect(received.map((r) => r.url)).toEqual(['/moved']);
    expect(refused.attempt).toBeGreaterThanOrEqual(1);
    expect(refused.response_excerpt).toContain('cannot be reached from here');
    await admin.delete(`/v1/webhooks/${moved.id}`);
    await admin.delete(`/v1/webhooks/${internal.id}`);
  });

  it('prunes dispatched events after a week and keeps each webhook’s latest deliveries', async () => {
    const hook = await createHook({ url: `${base}/hook`, events: ['campaign.status_changed'] });
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const [stale] = await t.db
      .insertInto('outbox_events')
      .values({ company_id: t.companyId, type: 'campaign.status_changed', data: '{}', created_at: old })
      .returning('id')
      .execute();
    // Fanned out: webhooks' outbox cursor (the only consumer here, without SMTP) passes it.
    await t.app.services.webhookDispatch.tick();
    const [waiting] = await t.db
      .insertInto('outbox_events')
      .values({ company_id: t.companyId, type: 'package.ready', data: '{}', created_at: old })
      .returning('id')
      .execute();
    await t.app.services.webhookDispatch.prune();
    await t.app.services.outbox.prune();
    const left = await t.db
      .selectFrom('outbox_events')
      .select('id')
      .where('id', 'in', [stale!.id, waiting!.id])
      .execute();
    // Only the dispatched one goes: an event not fanned out yet is never dropped.
    expect(left.map((row) => row.id)).toEqual([waiting!.id]);
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });

  it('is for admins only, and refuses bad input on its fields', async () => {
    const editor = await t.injectAs(await t.createUser({ permissions: ['edit campaigns'] }));
    expect((await editor.get('/v1/webhooks')).statusCode).toBe(403);
    expect(
      (await editor.post('/v1/webhooks', { url: `${base}/x`, events: ['package.ready'] })).statusCode,
    ).toBe(403);
    for (const body of [
      { url: 'ftp://example.com/', events: ['package.ready'] },
      { url: `${base}/x`, events: [] },
      { url: `${base}/x`, events: ['campaign.deleted'] },
    ]) {
      const res = await admin.post('/v1/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('refuses, when saved, a URL the SSRF guard would refuse at every delivery', async () => {
    const hook = await createHook({ url: `${base}/kept`, events: ['package.ready'] });
    for (const [url, host] of [
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
      ['http://0x7f.0.0.2:8080/hook', '127.0.0.2'],
      ['http://2130706434/hook', '127.0.0.2'],
      ['http://[::ffff:10.0.0.1]/hook', '[::ffff:a00:1]'],
      ['http://localhost/hook', 'localhost'],
      ['http://metadata.google.internal/computeMetadata/v1/', 'metadata.google.internal'],
    ]) {
      const created = await admin.post('/v1/webhooks', { url, events: ['package.ready'] });
      expect(created.statusCode, url).toBe(422);
      expect(created.json().errors.url).toEqual([`${host} cannot be reached from here`]);
      const edited = await admin.put(`/v1/webhooks/${hook.id}`, { url });
      expect(edited.statusCode, url).toBe(422);
      expect(edited.json().errors.url).toEqual([`${host} cannot be reached from here`]);
    }
    expect((await admin.get(`/v1/webhooks/${hook.id}`)).json().data.url).toBe(`${base}/kept`);
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });
});
