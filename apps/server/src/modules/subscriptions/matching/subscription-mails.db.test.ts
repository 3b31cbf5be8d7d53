import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../../jobs/queue';
import { requestMatching, startSubscriptionWorkers } from '../../../jobs/subscriptions.jobs';
import { createMailer } from '../../../mail';
import { type Harness, startHarness } from '../../../test/harness';
import { box, createTestSatellites, scene } from '../../../test/scenes';
import { overlayFor } from '../../areas';
import { MatchingRepository } from './matching.repository';
import { MatchingService } from './matching.service';
import { SubscriptionMailsRepository } from './subscription-mails.repository';
import { SubscriptionMailsService } from './subscription-mails.service';
import { insertSubscriptions, utcDayFromNow } from './test/fixtures';

/**
 * From a new scene to a received e-mail: matching writes a mail row, the mail job renders it in
 * the owner's language and sends it through a real SMTP server in this process, and marks it sent.
 */

const received: { mail: ParsedMail; to: string[] }[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({ mail, to: (session.envelope.rcptTo ?? []).map((r) => r.address) });
        callback();
      })
      .catch(callback);
  },
});

let h: Harness;
let matching: MatchingService;
let mails: SubscriptionMailsService;
let sats: number[];
const portalUrl = 'https://portal.example/';
const today = utcDayFromNow(0);

beforeAll(async () => {
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port)),
  );
  h = await startHarness();
  matching = new MatchingService(h.pool, new MatchingRepository(overlayFor(h.kind)), { batchSize: 10_000 });
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Satportal <s@portal.example>',
    outboxDir: '/nonexistent',
  });
  mails = new SubscriptionMailsService(new SubscriptionMailsRepository(h.pool), mailer, portalUrl);
  sats = (await createTestSatellites(h, 1)).ids;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

async function owner(email: string, language: 'en' | 'zh' | null) {
  const { userId } = await h.signedIn();
  await h.pool.query('UPDATE users SET email = $2, language = $3 WHERE id = $1', [userId, email, language]);
  return userId;
}

let n = 0;
async function newScenes(lon: number, times: string[]) {
  const ids = times.map(() => `mail-${process.pid}-${n++}`);
  await h.services.scenesRepository.upsertScenes(
    ids.map((id, i) =>
      scene({
        id,
        satelliteId: sats[0]!,
        footprint: box(lon - 0.5, 29.5, lon + 1.5, 31.5),
        acquiredAt: times[i]!,
      }),
    ),
  );
  return ids;
}

const subscribe = (userId: number, lon: number, name: string) =>
  insertSubscriptions(h.pool, [
    {
      userId,
      name,
      aoi: box(lon, 30, lon + 1, 31),
      fdate: utcDayFromNow(-1),
      tdate: utcDayFromNow(30),
      satIds: sats,
    },
  ]);

const mailRows = async (subscriptionId: number) =>
  (
    await h.pool.query<{ id: number; sent_at: Date | null }>(
      'SELECT id, sent_at FROM subscription_mails WHERE subscription_id = $1 ORDER BY id',
      [subscriptionId],
    )
  ).rows;

describe('subscription mails', () => {
  it('sends one mail per batch to the owner, in their language, once', async () => {
    const en = await owner('ada@harbour.example', null);
    const zh = await owner('li@harbour.example', 'zh');
    const [enSub] = await subscribe(en, -60, 'Harbour watch');
    const [zhSub] = await subscribe(zh, -50, '港口监测');
    const enScenes = await newScenes(-60, [`${today}T01:02:00Z`, `${today}T03:04:00Z`]);
    const zhScenes = await newScenes(-50, [`${today}T05:06:00Z`]);
    await matching.matchPending();

    const [enMail] = await mailRows(enSub!);
    const [zhMail] = await mailRows(zhSub!);
    expect(await mails.send(enMail!.id)).toBe('sent');
    expect(await mails.send(zhMail!.id)).toBe('sent');
    // Sent and marked: a second job for the same row sends nothing.
    expect(await mails.send(enMail!.id)).toBe('nothing');
    expect((await mailRows(enSub!))[0]!.sent_at).not.toBeNull();

    const toEn = received.filter((r) => r.to.includes('ada@harbour.example'));
    expect(toEn).toHaveLength(1);
    const e = toEn[0]!.mail;
    expect(e.subject).toBe('Harbour watch: 2 new scenes');
    expect(e.text).toContain(`${enScenes[0]}  ${today} 01:02 UTC`);
    expect(e.text).toContain(`${enScenes[1]}  ${today} 03:04 UTC`);
    expect(e.text).toContain(portalUrl);
    const toZh = received.filter((r) => r.to.includes('li@harbour.example'));
    expect(toZh).toHaveLength(1);
    expect(toZh[0]!.mail.subject).toBe('港口监测：1 景新影像');
    expect(toZh[0]!.mail.text).toContain(`${zhScenes[0]}  ${today} 05:06 UTC`);
  });

  it('closes the mail of a user without an address without sending it', async () => {
    const nobody = await owner('', 'en');
    const [sub] = await subscribe(nobody, -40, 'No address');
    await newScenes(-40, [`${today}T02:00:00Z`]);
    await matching.matchPending();
    const before = received.length;
    const [row] = await mailRows(sub!);
    expect(await mails.send(row!.id)).toBe('noAddress');
    expect(received.length).toBe(before);
    expect((await mailRows(sub!))[0]!.sent_at).not.toBeNull();
  });

  it('runs from a requested match to a received mail through the job queue', async () => {
    const queue = await JobQueue.open(h.pool, { supervise: false });
    const workers = await startSubscriptionWorkers(
      queue,
      { matching, mails },
      { pollingIntervalSeconds: 0.5, sweepSeconds: 3600 },
    );
    try {
      const user = await owner('bo@harbour.example', 'en');
      const [sub] = await subscribe(user, -30, 'Queued watch');
      const [id] = await newScenes(-30, [`${today}T04:00:00Z`]);
      await requestMatching(queue);
      const deadline = Date.now() + 45_000;
      while (!received.some((r) => r.to.includes('bo@harbour.example')) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      const got = received.filter((r) => r.to.includes('bo@harbour.example'));
      expect(got).toHaveLength(1);
      expect(got[0]!.mail.subject).toBe('Queued watch: 1 new scene');
      expect(got[0]!.mail.text).toContain(id!);
      const marked = Date.now() + 10_000;
      while ((await mailRows(sub!))[0]?.sent_at == null && Date.now() < marked)
        await new Promise((r) => setTimeout(r, 100));
      expect((await mailRows(sub!)).map((r) => r.sent_at !== null)).toEqual([true]);
    } finally {
      workers.stop();
      await queue.stop();
    }
  });
});
