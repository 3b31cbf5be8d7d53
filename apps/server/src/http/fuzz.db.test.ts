import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { type Fixture, type FuzzCall, routeKey } from '../test/fuzz-call';
import { fuzzFixtures } from '../test/fuzz-fixture';
import { handWritten } from '../test/fuzz-hand-written';
import {
  type Auth,
  checkedContentType,
  type InjectRequest,
  leakIn,
  picture,
  toInject,
} from '../test/fuzz-inject';
import { canonicalCalls, derivedCall, underivable } from '../test/fuzz-requests';
import { startHarness, testRateLimits } from '../test/harness';
import type { RegisteredRoute } from './types';

/**
 * Fuzz test (issue 11): every registered route (`app.routeTable`) gets requests derived from its
 * own schema (test/schema-arbitrary.ts) or, for the few routes that parse input by hand, from
 * their parsers' parameters (test/fuzz-requests.ts `handWritten`): valid-looking values, boundary
 * integers, overlong strings, control characters, wrong types, missing and extra fields, huge and
 * degenerate geometries, mostly as one change to a request that works (the route's examples,
 * built on a fresh user's own folder, AOI, POI and search). First, whatever the seed, each field
 * of each example in turn at 2³¹, 1e308, a NUL, the whole world, a zero-area and an unclosed ring
 * (`canonicalCalls`). Each request goes through `inject` signed in, anonymously or with a forged
 * token. No answer may be a 5xx, show internals (stack frames, error classes, file paths, SQL), or
 * answer 3001 to a live session (a lost session: only a logout ends one).
 *
 * All distinct failures of a route are collected (a failure's identity: status and the logged
 * error's message with numbers and quoted values blanked), each shrunk to a small counterexample,
 * and printed together at the end with the answers by status per route (how deep the inputs got).
 * Deterministic: FUZZ_SEED (printed with each failure). Knobs: FUZZ_RUNS (random runs per route,
 * 50), FUZZ_SEED, FUZZ_ROUTE (only routes whose "METHOD /url" contains it), FUZZ_MAX_FAILURES
 * (distinct failures sought per route, 6), FUZZ_ROUTE_SECONDS (time per route before it stops,
 * 60), FUZZ_VERBOSE=1 (every request and its answer).
 */

const runs = Number(process.env.FUZZ_RUNS ?? 50);
const seed = Number(process.env.FUZZ_SEED ?? 20_261_111);
const only = process.env.FUZZ_ROUTE;
const maxDistinct = Number(process.env.FUZZ_MAX_FAILURES ?? 6);
const routeSeconds = Number(process.env.FUZZ_ROUTE_SECONDS ?? 60);
const verbose = process.env.FUZZ_VERBOSE === '1';

// The product's rate-limit plugin stays in the path, with limits no fuzz run reaches (429s would
// hide answers); the rate-limit tests test the limits themselves.
const h = await startHarness({
  rateLimits: { ...testRateLimits, userPerMinute: 1e6, tilesPerMinute: 1e6, addressPerMinute: 1e6 },
});
const routes = h.app.routeTable.filter((r) => !only || routeKey(r).includes(only));

// The server logs an unexpected error with the request id before answering 5000 (error-handler.ts).
// Without a logger, every request's `log` is Fastify's one null logger: its `error` is caught here,
// so a failure says what broke on the server.
const serverErrors = new Map<string, string>();
const nullLogger = h.app.log as unknown as { error: (...args: unknown[]) => void };
const silentError = nullLogger.error;
nullLogger.error = (...args: unknown[]) => {
  const [first] = args as [{ err?: Error; reqId?: string } | undefined];
  if (first?.err && first.reqId)
    serverErrors.set(String(first.reqId), `${first.err.name}: ${first.err.message}`);
};
afterAll(() => {
  nullLogger.error = silentError;
});

const makeFixture = await fuzzFixtures(h);

/** The calls of a route: from its schema, else from its hand-written parameters. */
function callsOf(route: RegisteredRoute, fixture: Fixture): fc.Arbitrary<FuzzCall> {
  const hand = handWritten[routeKey(route)];
  return hand ? hand.calls(fixture) : derivedCall(route, fixture);
}

interface Outcome {
  request: InjectRequest;
  status: number;
  excerpt: string;
  problem?: string;
  serverError?: string;
  ms: number;
}

let nextAddress = 0;

async function send(route: RegisteredRoute, call: FuzzCall, auth: Auth, token: string): Promise<Outcome> {
  const request = toInject(route, call, auth, token);
  // Each request from its own address (198.18.0.0/15, for tests): login throttling and rate
  // limits, which count per address, stay out of the way of this and later test files.
  const n = nextAddress++;
  const remoteAddress = `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
  const t0 = performance.now();
  const r = await h.app.inject({ ...request, remoteAddress } as InjectOptions);
  const ms = performance.now() - t0;
  const contentType = r.headers['content-type']?.toString();
  const text = checkedContentType(contentType) ? r.body : '';
  const requestText = `${decodeURIComponentSafe(request.url)} ${request.url} ${
    typeof request.payload === 'string' ? request.payload : (request.payload?.toString('latin1') ?? '')
  }`;
  const excerpt = `${contentType ?? ''} ${r.body.slice(0, 240)}`;
  const requestId = /"requestId":"([^"]+)"|\(request ([^)]+)\)/.exec(r.body);
  const serverError = requestId ? serverErrors.get(requestId[1] ?? requestId[2]!) : undefined;
  let problem: string | undefined;
  if (r.statusCode >= 500) problem = `HTTP ${r.statusCode}`;
  else {
    const leak = leakIn(text, requestText);
    if (leak) problem = `leak (${leak})`;
  }
  return {
    request,
    status: r.statusCode,
    excerpt,
    ms,
    ...(problem ? { problem } : {}),
    ...(serverError ? { serverError } : {}),
  };
}

function decodeURIComponentSafe(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** What makes two failures the same: the status or leak, and the server's error with its values blanked. */
const signatureOf = (o: Outcome) =>
  `${o.problem?.replace(/\(.*/s, '')} ${(
    o.serverError ?? o.excerpt.replace(/"requestId":"[^"]+"|\(request [^)]+\)/g, '')
  )
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+(\.\d+)?/g, 'N')
    .slice(0, 200)}`;

interface Failure {
  route: string;
  auth: Auth;
  signature: string;
  outcome: Outcome;
  call: FuzzCall;
  routeSeed: number;
  path: string | null;
}

const failures: Failure[] = [];
/** Answers by status per route: how far the inputs got (all 400s would mean a weak fuzz). */
const statuses = new Map<string, Map<number, number>>();
const slow: string[] = [];
const notes: string[] = [];

/** A route's own seed from the run's: adding a route changes no other route's inputs. */
function routeSeedOf(key: string) {
  let x = seed >>> 0;
  for (const c of key) x = Math.imul(x ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return x | 0;
}

/** A call as reported: a raw body by what it holds, when the call says. */
function inputOf(call: FuzzCall) {
  if (!call.about) return call;
  const { body: _written, ...rest } = call;
  return rest;
}

function report(list: Failure[]) {
  return list
    .map((f, i) =>
      [
        `#${i + 1} ${f.route} (${f.auth}): ${f.outcome.problem}`,
        `   server error: ${f.outcome.serverError ?? '(none logged)'}`,
        `   answer: ${f.outcome.status} ${f.outcome.excerpt.replace(/\s+/g, ' ').slice(0, 200)}`,
        `   request: ${f.outcome.request.method} ${picture(f.outcome.request.url)}`,
        `   input: ${picture(inputOf(f.call)).slice(0, 2000)}`,
        `   replay: FUZZ_SEED=${seed} FUZZ_ROUTE='${f.route}' (route seed ${f.routeSeed}, path ${f.path})`,
      ].join('\n'),
    )
    .join('\n');
}

afterAll(() => {
  const lines = [`fuzz: ${routes.length} routes, ${runs} runs each, FUZZ_SEED=${seed}`];
  lines.push('answers by status:');
  for (const [key, counts] of statuses) {
    const list = [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    lines.push(`  ${key.padEnd(48)} ${list.join(' ')}`);
  }
  if (notes.length) lines.push(...notes.map((n) => `note: ${n}`));
  if (slow.length) lines.push(`slow answers (> 5 s):`, ...slow.map((s) => `  ${s}`));
  lines.push(
    failures.length
      ? `${failures.length} distinct failures:\n${report(failures)}`
      : 'no failures: no 5xx, no leaked internals',
  );
  console.log(lines.join('\n'));
});

describe('every route can be fuzzed', () => {
  it('derives every route from its schema, except the hand-written list (which has no stale entries)', () => {
    const all = h.app.routeTable;
    const keys = new Set(all.map(routeKey));
    const stale = Object.keys(handWritten).filter((k) => !keys.has(k));
    const unfuzzable = all
      .filter((r) => !handWritten[routeKey(r)])
      .map((r) => [routeKey(r), underivable(r)] as const)
      .filter(([, why]) => why !== undefined)
      .map(([key, why]) => `${key}: ${why}`);
    expect(
      unfuzzable,
      'routes without a schema to derive inputs from (add one, or a hand-written arbitrary)',
    ).toEqual([]);
    expect(stale, 'hand-written arbitraries of routes that no longer exist').toEqual([]);
  });
});

describe('fuzz: no 5xx, no internals in any answer', () => {
  for (const route of routes) {
    const key = routeKey(route);
    it(key, { timeout: 600_000 }, async () => {
      if (!handWritten[key] && underivable(route)) return; // reported by the test above
      const fixture = await makeFixture();
      const routeSeed = routeSeedOf(key);
      const known = new Set<string>();
      const found: Failure[] = [];
      let lastFailing: { outcome: Outcome; auth: Auth; call: FuzzCall } | undefined;
      const auth = fc.oneof(
        { weight: 8, arbitrary: fc.constant<Auth>('user') },
        { weight: 1, arbitrary: fc.constant<Auth>('anonymous') },
        { weight: 1, arbitrary: fc.constant<Auth>('junk-token') },
      );
      // A live session answered 401 means the server lost it (only a logout, of this session or
      // everywhere, may end it).
      const logout = key === 'POST /api/v1/auth/logout' || key === 'POST /api/v1/auth/logout/all';
      let loggedOut = false;
      const property = fc.asyncProperty(auth, callsOf(route, fixture), async (a, call) => {
        const outcome = await send(route, call, a, fixture.token);
        if (a === 'user' && logout && outcome.status === 200) loggedOut = true;
        const invalidSession = outcome.status === 401 && outcome.excerpt.includes('"code":3001');
        if (a === 'user' && invalidSession && !route.public && !loggedOut && !outcome.problem)
          outcome.problem = 'a live session answered 3001 (session lost)';
        if (verbose)
          console.log(
            `${outcome.status} ${a} ${picture(inputOf(call)).slice(0, 300)} → ${outcome.excerpt.slice(0, 160)}`,
          );
        const counts = statuses.get(key) ?? new Map<number, number>();
        counts.set(outcome.status, (counts.get(outcome.status) ?? 0) + 1);
        statuses.set(key, counts);
        if (outcome.ms > 5000)
          slow.push(`${key} ${Math.round(outcome.ms)} ms: ${picture(inputOf(call)).slice(0, 300)}`);
        if (!outcome.problem || known.has(signatureOf(outcome))) return true;
        lastFailing = { outcome, auth: a, call };
        return false;
      });
      // The canonical calls first (every field in turn at 2³¹, 1e308, NUL, the whole world …).
      const canonical = canonicalCalls(route, fixture).map((c) => ['user', c] as [Auth, FuzzCall]);
      const started = performance.now();
      for (let round = 0; round < maxDistinct; round++) {
        const left = routeSeconds * 1000 - (performance.now() - started);
        if (left <= 0) {
          notes.push(
            `${key}: stopped after ${routeSeconds} s (FUZZ_ROUTE_SECONDS); more failures may be left`,
          );
          break;
        }
        lastFailing = undefined;
        const result = await fc.check(property, {
          numRuns: runs + canonical.length,
          examples: canonical,
          seed: routeSeed,
          plugins: [fc.interruptAfterTimeLimit(left)],
        });
        if (!result.failed || !lastFailing) {
          if (result.interrupted)
            notes.push(`${key}: interrupted after ${result.numRuns} runs (FUZZ_ROUTE_SECONDS)`);
          break;
        }
        const failing: { outcome: Outcome; auth: Auth; call: FuzzCall } = lastFailing;
        const signature = signatureOf(failing.outcome);
        known.add(signature);
        found.push({
          route: key,
          auth: failing.auth,
          signature,
          outcome: failing.outcome,
          call: failing.call,
          routeSeed,
          path: result.counterexamplePath,
        });
      }
      failures.push(...found);
      expect(found.length, `${found.length} distinct failures (FUZZ_SEED=${seed}):\n${report(found)}`).toBe(
        0,
      );
    });
  }
});
