import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createObjectStore } from './index';
import { LocalObjectStore } from './local-store';
import { objectStoreContract } from './object-store.contract';

const dir = mkdtempSync(join(tmpdir(), 'local-store-'));
objectStoreContract('local folder', () => createObjectStore({ kind: 'local', dir }));

describe('local folder store', () => {
  it('keeps every object inside its folder and leaves no temporary file after writes', async () => {
    const store = new LocalObjectStore(mkdtempSync(join(tmpdir(), 'local-store-')));
    await store.put('orders/SP1/a.zip', Buffer.from('a'), { contentType: 'application/zip' });
    await expect(
      store.put('orders/SP1/b.zip', { path: join(store.dir, 'missing') }, { contentType: 'application/zip' }),
    ).rejects.toThrow();
    expect(readdirSync(join(store.dir, 'data/orders/SP1'))).toEqual(['a.zip']);
    expect(readdirSync(join(store.dir, '.tmp'))).toEqual([]);
  });

  it('removes folders a delete leaves empty', async () => {
    const store = new LocalObjectStore(mkdtempSync(join(tmpdir(), 'local-store-')));
    await store.put('orders/SP1/terms-1/a.zip', Buffer.from('a'), { contentType: 'application/zip' });
    await store.put('orders/SP2/b.zip', Buffer.from('b'), { contentType: 'application/zip' });
    await store.delete('orders/SP1/terms-1/a.zip');
    expect(readdirSync(join(store.dir, 'data/orders'))).toEqual(['SP2']);
  });

  it("removes a killed writer's temporary file at the first write, and keeps a live writer's", async () => {
    const store = new LocalObjectStore(mkdtempSync(join(tmpdir(), 'local-store-')));
    // a process that has ended: its pid names no live writer
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    mkdirSync(join(store.dir, '.tmp'));
    const killed = `${gone}-${Date.now()}-0123456789abcdef.tmp`;
    const live = `${process.pid}-${Date.now()}-fedcba9876543210.tmp`;
    writeFileSync(join(store.dir, '.tmp', killed), 'half a package');
    writeFileSync(join(store.dir, '.tmp', live), 'a write in progress');
    await store.put('orders/SP1/a.zip', Buffer.from('a'), { contentType: 'application/zip' });
    expect(readdirSync(join(store.dir, '.tmp'))).toEqual([live]);
  });
});
