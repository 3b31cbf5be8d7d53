import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newEventId, newSecret, SecretBox, secretHint, sign } from './secrets';

describe('Standard Webhooks signatures', () => {
  it("matches the specification's published test vector", () => {
    // standard-webhooks libraries/javascript webhook.test.ts "sign function works"
    expect(
      sign(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs what the standardwebhooks package verifies, and nothing altered', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const id = newEventId();
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    const ts = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      type: 'webhook.test',
      timestamp: new Date().toISOString(),
      data: { a: 'é' },
    });
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(ts),
      'webhook-signature': sign(secret, id, ts, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'webhook.test' });
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
  });

  it('shows a hint of the secret, never enough to sign', () => {
    const secret = newSecret();
    expect(secretHint(secret)).toBe(`${secret.slice(0, 10)}…`);
  });
});

describe('secrets at rest', () => {
  it('are sealed with AES-GCM: the stored text holds no secret, opens only for its owner and key', () => {
    const box = new SecretBox('server key');
    const secret = newSecret();
    const sealed = box.seal(secret, 7);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(sealed).not.toBe(box.seal(secret, 7)); // a fresh nonce each time
    expect(box.open(sealed, 7)).toBe(secret);
    expect(() => box.open(sealed, 8)).toThrow(); // copied into another user's row
    expect(() => new SecretBox('another key').open(sealed, 7)).toThrow();
  });
});
