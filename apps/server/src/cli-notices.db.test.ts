import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NoticeCommandError } from './cli-notices';
import { runCliWith } from './test/cli';
import { testDatabaseUrl } from './test/database';
import { type Harness, startHarness, uniqueName } from './test/harness';

/** The operator's notice commands, run in-process: publish to everyone or one organisation, list. */
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

const cli = (...args: string[]) =>
  runCliWith({ DATABASE_URL: testDatabaseUrl(), DATA_DIR: h.config.dataDir }, args);

const noticeRow = async (id: number) =>
  (await h.pool.query('SELECT type, title, content, org_id FROM notices WHERE id = $1', [id])).rows[0];
const noticeCount = async () => (await h.pool.query('SELECT count(*)::int AS n FROM notices')).rows[0].n;

function publishedId(lines: string[]): number {
  const m = /^notice (\d+) published$/.exec(lines[0] ?? '');
  if (!m) throw new Error(`unexpected output: ${lines.join('\n')}`);
  return Number(m[1]);
}

describe('operator CLI: notices', () => {
  it('publishes to everyone, from a file, and to one organisation; the list shows reach and reads', async () => {
    const everyone = await cli('notice', 'publish', '--type', '1', '--title', 'Upgrade', '--content', 'a\nb');
    expect(everyone.code).toBe(0);
    const everyoneId = publishedId(everyone.lines);
    expect(await noticeRow(everyoneId)).toEqual({ type: 1, title: 'Upgrade', content: 'a\nb', org_id: null });

    const file = join(h.config.dataDir, 'notice.txt');
    await writeFile(file, 'Tonight 22:00–23:00 UTC.\r\nSearch stays open.\r\n');
    const orgName = uniqueName('Org');
    const member = await h.services.accounts.createUser({
      username: uniqueName('member'),
      password: 'pw-notice-cli',
      orgName,
    });
    const toOrg = await cli(
      'notice',
      'publish',
      '--type=2',
      '--title',
      'Maintenance',
      '--content-file',
      file,
      '--organisation',
      orgName.toLowerCase(),
    );
    const toOrgId = publishedId(toOrg.lines);
    expect(await noticeRow(toOrgId)).toEqual({
      type: 2,
      title: 'Maintenance',
      content: 'Tonight 22:00–23:00 UTC.\nSearch stays open.\n',
      org_id: member.org_id,
    });

    await h.services.notices.markRead(member.id, toOrgId);
    const list = await cli('notice', 'list');
    expect(list.code).toBe(0);
    expect(list.lines.find((l) => l.trimStart().startsWith(`${toOrgId} `))).toMatch(
      new RegExp(
        `Website Maintenance in process {2}"Maintenance" {2}to organisation "${orgName}", read by 1$`,
      ),
    );
    expect(list.lines.find((l) => l.trimStart().startsWith(`${everyoneId} `))).toMatch(
      /System Upgrade Notification {2}"Upgrade" {2}to everyone, read by 0$/,
    );
    expect(list.lines.at(-1)).toBe(`${await noticeCount()} notices`);
  });

  it('refuses bad notices and writes none', async () => {
    const before = await noticeCount();
    const refusals: string[][] = [
      ['--type', '4', '--title', 't', '--content', 'c'],
      ['--type', 'x', '--title', 't', '--content', 'c'],
      ['--title', 't', '--content', 'c'],
      ['--type', '0', '--content', 'c'],
      ['--type', '0', '--title', '', '--content', 'c'],
      ['--type', '0', '--title', 'x'.repeat(201), '--content', 'c'],
      ['--type', '0', '--title', 'one\ttab', '--content', 'c'],
      ['--type', '0', '--title', 't'],
      ['--type', '0', '--title', 't', '--content', 'c', '--content-file', '/etc/hostname'],
      ['--type', '0', '--title', 't', '--content-file', join(h.config.dataDir, 'no-such-file')],
      ['--type', '0', '--title', 't', '--content', `bell\u0007`],
      ['--type', '0', '--title', 't', '--content', 'z'.repeat(10_001)],
      ['--type', '0', '--title', 't', '--content', 'c', '--organisation', uniqueName('nowhere')],
    ];
    for (const args of refusals)
      await expect(cli('notice', 'publish', ...args), args.join(' ')).rejects.toThrow(NoticeCommandError);
    expect(await noticeCount()).toBe(before);
  });
});
