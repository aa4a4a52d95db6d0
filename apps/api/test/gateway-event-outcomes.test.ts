/**
 * Gateway events are appended, not written over: the event as it arrived is never updated or
 * deleted, and each handling appends its outcome; the latest is what staff see.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { OnlinePayments } from '@registrar/contract/online-payments';
import { migrationsFolder } from '../src/db/database';
import type { GatewayIntake } from '../src/services/gateway/gateway-intake';
import { createTestDatabase, dbKind } from './build-app';
import { gatewaySetup } from './gateway-fixtures';

describe('gateway events and their appended outcomes', async () => {
  const { app, database, auth, razorpay, enrol, start, deliver } = await gatewaySetup();
  const db = database.db;
  const intake = app.onlinePayments.service!.intake;
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const eventOf = async (gatewayPaymentId: string) =>
    (
      await rows<Record<string, unknown>>(
        sql`select * from gateway_events where gateway_payment_id = ${gatewayPaymentId}`,
      )
    )[0]!;
  const outcomesOf = (eventId: unknown) =>
    rows<{ attempt: number; outcome: string; detail: string | null }>(
      sql`select attempt, outcome, detail from gateway_event_outcomes where event_id = ${eventId} order by attempt`,
    );
  const paymentsOf = (gatewayPaymentId: string) =>
    rows(sql`select 1 from payments where gateway_payment_id = ${gatewayPaymentId}`);
  const shown = async (gatewayPaymentId: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/online-payments', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as OnlinePayments).events.find((e) => e.paymentId === gatewayPaymentId)?.outcome;
  };
  /** A captured payment of a fresh enrolment's first installment, and its webhook. */
  const captured = async () => {
    const s = await enrol();
    const order = (await start(s.token)).json().data as { orderId: string };
    const payment = razorpay.pay(order.orderId);
    return { payment, webhook: razorpay.webhook('payment.captured', payment) };
  };

  it('the database refuses to update or delete an event, handled or not', async () => {
    const { payment, webhook } = await captured();
    const id = await intake.store(`evt_unhandled_${payment.id}`, Buffer.from(webhook.body));
    expect(id).toBeDefined();
    expect(await shown(payment.id)).toBe('pending');
    await expect(db.execute(sql`update gateway_events set event = event where id = ${id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from gateway_events where id = ${id}`)).rejects.toThrow();
    await intake.handle(id!);
    await expect(db.execute(sql`update gateway_event_outcomes set outcome = 'ignored'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from gateway_event_outcomes`)).rejects.toThrow();
    expect(await outcomesOf(id)).toMatchObject([{ attempt: 1, outcome: 'recorded' }]);
  });

  it('handling an event twice appends a second outcome; the event row and the one payment stay as they were', async () => {
    const { payment, webhook } = await captured();
    expect((await deliver(webhook)).statusCode).toBe(200);
    await app.onlinePayments.settle();
    const before = await eventOf(payment.id);
    expect(await intake.handle(before.id as string)).toBe('already_recorded');
    expect(await eventOf(payment.id)).toEqual(before);
    expect((await outcomesOf(before.id)).map((o) => o.outcome)).toEqual(['recorded', 'already_recorded']);
    expect(await paymentsOf(payment.id)).toHaveLength(1);
    // Two handlings of the same attempt at once note one outcome.
    await Promise.all([intake.handle(before.id as string, 3), intake.handle(before.id as string, 3)]);
    expect(await outcomesOf(before.id)).toHaveLength(3);
  });

  it('a handling that failed is noted as an error, retried by the reconciler, and the screen shows the latest', async () => {
    const { payment, webhook } = await captured();
    const spy = vi
      .spyOn(intake as unknown as { outcomeOf: GatewayIntake['handle'] }, 'outcomeOf')
      .mockRejectedValueOnce(new TypeError('the database went away'));
    expect((await deliver(webhook)).statusCode).toBe(200);
    await app.onlinePayments.settle();
    spy.mockRestore();
    const event = await eventOf(payment.id);
    expect(await outcomesOf(event.id)).toMatchObject([{ attempt: 1, outcome: 'error' }]);
    expect(JSON.parse((await outcomesOf(event.id))[0]!.detail!)).toMatchObject({ type: 'TypeError' });
    expect(await shown(payment.id)).toBe('error');
    expect(await paymentsOf(payment.id)).toEqual([]);

    await intake.handlePending();
    expect((await outcomesOf(event.id)).map((o) => o.outcome)).toEqual(['error', 'recorded']);
    expect(await shown(payment.id)).toBe('recorded');
    expect(await paymentsOf(payment.id)).toHaveLength(1);
    expect(await eventOf(payment.id)).toEqual(event);
    // Handled, it is not picked up again.
    await intake.handlePending();
    expect(await outcomesOf(event.id)).toHaveLength(2);
  });
});

describe('the migration to appended outcomes', () => {
  it("copies each handled event's outcome, at its handling time; a pending event stays without one", async () => {
    const testDb = await createTestDatabase({ migrated: false });
    const { db } = testDb.database;
    // The migrations as they were before this one.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-migrations-'));
    onTestFinished(async () => {
      await testDb.drop();
      fs.rmSync(before, { recursive: true, force: true });
    });
    fs.cpSync(migrationsFolder(), before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === '0036_gateway_event_outcomes');
    journal.entries = journal.entries.slice(0, at);
    fs.writeFileSync(journalPath, JSON.stringify(journal));
    const { migrate } =
      dbKind === 'postgres'
        ? await import('drizzle-orm/node-postgres/migrator')
        : await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder: before });
    await db.execute(sql`insert into gateway_events (gateway, event_id, event, body, received_at, outcome, handled_at)
      values ('razorpay', 'evt_a', 'payment.captured', '{}', '2026-01-02T10:00:00Z', 'pending', null),
             ('razorpay', 'evt_b', 'order.paid', '{}', '2026-01-02T10:00:01Z', 'pending', null)`);
    await db.execute(
      sql`update gateway_events set outcome = 'unmatched', handled_at = '2026-01-02T10:00:05Z' where event_id = 'evt_b'`,
    );

    await testDb.database.migrate();
    const copied = (await db.execute(
      sql`select e.event_id, o.attempt, o.outcome, o.created_at from gateway_events e
          left join gateway_event_outcomes o on o.event_id = e.id order by e.event_id`,
    )) as unknown as {
      rows: { event_id: string; attempt: number | null; outcome: string | null; created_at: unknown }[];
    };
    expect(copied.rows.map((r) => ({ ...r, created_at: r.created_at && new Date(r.created_at as string) }))).toEqual([
      { event_id: 'evt_a', attempt: null, outcome: null, created_at: null },
      { event_id: 'evt_b', attempt: 1, outcome: 'unmatched', created_at: new Date('2026-01-02T10:00:05Z') },
    ]);
    await expect(db.execute(sql`update gateway_events set event = event where event_id = 'evt_a'`)).rejects.toThrow();
  });
});
