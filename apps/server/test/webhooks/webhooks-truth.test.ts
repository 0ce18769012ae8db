import { WEBHOOKS_NEED_SESSION, webhookOffMessage } from '@adstudio/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type Client, engine, type TestApp } from '../helper';
import { type Received, signedWith, startReceiver } from '../support/webhook-receiver';

/**
 * Webhooks tell the truth (issue 44): a redelivery on a webhook that is off is refused with why and
 * what to do, not "sent again"; the test event is delivered at once, signed, through the guard, and
 * answered as the delivery it recorded — to a receiver this test runs.
 */
let t: TestApp;
let admin: Client;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let base: string;
let received: Received[];
let answers: number[];

beforeAll(async () => {
  receiver = await startReceiver({ ok: 'pong' });
  ({ base, received, answers } = receiver);
  t = await buildTestApp({ DATASOURCE_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '100000' });
  admin = await t.injectAs(await t.createUser({ roles: ['admin'] }));
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});
beforeEach(() => receiver.reset());
/**
 * What reached the hooks' own path: a delivery to `/down` that a background tick started beside
 * the test's own `deliver` may land after that test, on a loaded machine.
 */
const toHook = () => received.filter((request) => request.url === '/hook');

const createHook = async (url = `${base}/hook`) => {
  const res = await admin.post('/v1/webhooks', { url, events: ['campaign.status_changed'] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string };
};

/** A delivery of a real event, as the dispatcher would have written it. */
const deliveryOf = async (webhookId: number) => {
  const [row] = await t.db
    .insertInto('webhook_deliveries')
    .values({
      company_id: t.companyId,
      webhook_id: webhookId,
      event_id: 1,
      event: 'campaign.status_changed',
      body: '{"id":1}',
      status: 'failed',
      attempt: 8,
      created_at: new Date().toISOString(),
      next_attempt_at: null,
      response_status: 500,
      ms: 3,
      response_excerpt: 'not now',
      delivered_at: null,
    })
    .returning('id')
    .execute();
  return row!.id;
};

describe(`webhooks tell the truth (${engine})`, () => {
  it('refuses a redelivery on a webhook failures turned off, saying when and how to turn it on', async () => {
    const hook = await createHook();
    const delivery = await deliveryOf(hook.id);
    const offAt = '2026-12-03T10:00:00.000Z';
    await t.db
      .updateTable('webhooks')
      .set({
        active: 0,
        disabled_reason: 'Turned off after a day of failed deliveries (the last: 500).',
        updated_at: offAt,
      })
      .where('id', '=', hook.id)
      .execute();
    const path = `/v1/webhooks/${hook.id}/deliveries/${delivery}/redeliver`;
    const refused = await admin.post(path);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(webhookOffMessage('03/12/2026'));
    expect(refused.json().message).toBe(
      'This webhook is off: failures turned it off on 03/12/2026. Turn it on to deliver again.',
    );
    const queued = () =>
      t.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', hook.id).execute();
    expect(await queued()).toHaveLength(1);

    // Turned off by hand: no date to give.
    await admin.put(`/v1/webhooks/${hook.id}`, { active: true });
    await admin.put(`/v1/webhooks/${hook.id}`, { active: false });
    expect((await admin.post(path)).json().message).toBe('This webhook is off. Turn it on to deliver again.');

    // On again: sent again, as before.
    await admin.put(`/v1/webhooks/${hook.id}`, { active: true });
    const again = await admin.post(path);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ status: 'pending', event_id: 1 });
    expect(await queued()).toHaveLength(2);
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });

  it('records when failures turn a webhook off, which the refusal then names', async () => {
    const hook = await createHook(`${base}/down`);
    await t.db
      .updateTable('webhooks')
      .set({
        failing_since: new Date(Date.now() - 25 * 3600_000).toISOString(),
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .where('id', '=', hook.id)
      .execute();
    await deliveryOf(hook.id);
    await t.db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', attempt: 0, next_attempt_at: new Date(0).toISOString() })
      .where('webhook_id', '=', hook.id)
      .execute();
    answers.push(500);
    await t.app.services.webhookDispatch.deliver(hook.id);
    const after = (await admin.get(`/v1/webhooks/${hook.id}`)).json().data;
    expect(after).toMatchObject({ active: false });
    expect(after.updated_at.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });

  it('delivers the test event at once, signed, and answers the receiver’s status, time and words', async () => {
    const hook = await createHook();
    const res = await admin.post(`/v1/webhooks/${hook.id}/ping`);
    expect(res.statusCode, res.body).toBe(201);
    expect(toHook()).toHaveLength(1);
    const [sent] = toHook();
    const body = JSON.parse(sent!.body);
    expect(body).toEqual({
      id: expect.any(Number),
      type: 'ping',
      created_at: expect.any(String),
      company_id: t.companyId,
      data: { webhook_id: hook.id },
    });
    expect(sent!.headers['x-adstudio-event']).toBe('ping');
    expect(sent!.headers['x-adstudio-delivery']).toBe(String(body.id));
    expect(signedWith(hook.secret, sent!)).toBe(true);
    expect(signedWith(`${hook.secret}x`, sent!)).toBe(false);
    const answer = res.json().data;
    expect(answer).toMatchObject({
      event: 'ping',
      event_id: body.id,
      status: 'delivered',
      attempt: 1,
      response_status: 200,
      response_excerpt: 'pong',
      next_attempt_at: null,
    });
    expect(answer.ms).toBeGreaterThanOrEqual(0);
    // Recorded, first of the deliveries; its id is an event id no other event has.
    expect((await admin.get(`/v1/webhooks/${hook.id}/deliveries`)).json().data[0]).toEqual(answer);
    const event = await t.db
      .selectFrom('outbox_events')
      .select('type')
      .where('id', '=', body.id)
      .executeTakeFirst();
    expect(event?.type).toBe('ping');
    // Nobody subscribes to it and nothing is queued: the dispatcher sends nothing more.
    await t.app.services.webhookDispatch.tick();
    await t.app.jobs.idle();
    expect(toHook()).toHaveLength(1);
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });

  it('answers a failing receiver as failed, not retried, and leaves the webhook as it was — on or off', async () => {
    const hook = await createHook();
    await admin.put(`/v1/webhooks/${hook.id}`, { active: false });
    answers.push(503);
    const res = await admin.post(`/v1/webhooks/${hook.id}/ping`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'failed',
      response_status: 503,
      response_excerpt: 'not now',
    });
    expect(toHook()).toHaveLength(1);
    const after = (await admin.get(`/v1/webhooks/${hook.id}`)).json().data;
    expect(after).toMatchObject({ active: false, failing_since: null, disabled_reason: null });
    const redeliver = await admin.post(`/v1/webhooks/${hook.id}/deliveries/${res.json().data.id}/redeliver`);
    expect(redeliver.statusCode).toBe(422);
    expect(redeliver.json().message).toBe('A test event is not sent again: send a new one.');
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });

  it('sends the test event through the SSRF guard: an internal address is refused, nothing leaves', async () => {
    const hook = await createHook();
    // A name whose DNS now points inside, or a URL saved before the rule: the guard refuses at the send.
    await t.db
      .updateTable('webhooks')
      .set({ url: 'http://169.254.169.254/latest/meta-data' })
      .where('id', '=', hook.id)
      .execute();
    const res = await admin.post(`/v1/webhooks/${hook.id}/ping`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'failed',
      response_status: null,
      response_excerpt: '169.254.169.254 cannot be reached from here',
    });
    expect(toHook()).toEqual([]);
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });

  it('is for the company’s admins, signed in: others 403, another company 404, a token 403', async () => {
    const hook = await createHook();
    const delivery = await deliveryOf(hook.id);
    const editor = await t.injectAs(await t.createUser({ permissions: ['edit campaigns', 'qa'] }));
    const elsewhere = await t.injectAs(
      await t.createUser({ roles: ['admin'], companyId: await t.createCompany() }),
    );
    const ping = `/v1/webhooks/${hook.id}/ping`;
    const redeliver = `/v1/webhooks/${hook.id}/deliveries/${delivery}/redeliver`;
    expect((await editor.post(ping)).statusCode).toBe(403);
    expect((await editor.post(redeliver)).statusCode).toBe(403);
    expect((await elsewhere.post(ping)).statusCode).toBe(404);
    expect((await elsewhere.post(redeliver)).statusCode).toBe(404);
    const token = await admin.post('/v1/user/tokens', { name: 'script', abilities: ['read', 'write'] });
    expect(token.statusCode, token.body).toBe(201);
    const viaToken = await t.app.inject({
      method: 'POST',
      url: ping,
      headers: { authorization: `Bearer ${token.json().data.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(viaToken.statusCode).toBe(403);
    expect(viaToken.json().message).toBe(WEBHOOKS_NEED_SESSION);
    expect(toHook()).toEqual([]);
    await admin.delete(`/v1/webhooks/${hook.id}`);
  });
});
