import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Aoi } from '@satportal/contract';
import {
  AccountCommandError,
  accountCommandOperands,
  accountCommands,
  accountCommandsUsage,
  accountOptions,
  runAccountCommand,
} from './cli-accounts';
import {
  ApiKeyCommandError,
  apiKeyCommands,
  apiKeyCommandsUsage,
  apiKeyOptions,
  runApiKeyCommand,
} from './cli-api-keys';
import {
  ArchiveCommandError,
  archiveCommands,
  archiveCommandsUsage,
  archiveOptions,
  runArchiveCommand,
} from './cli-archive';
import {
  ElementCommandError,
  elementCommands,
  elementCommandsUsage,
  runElementCommand,
} from './cli-elements';
import {
  NoticeCommandError,
  noticeCommands,
  noticeCommandsUsage,
  noticeOptions,
  runNoticeCommand,
} from './cli-notices';
import {
  OrderCommandError,
  orderCommandOperands,
  orderCommands,
  orderCommandsUsage,
  runOrderCommand,
} from './cli-orders';
import { composeFulfilment } from './compose-fulfilment';
import { composeServices } from './composition';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { demoArchiveWindow, throttledProgress } from './demo/demo-archive';
import { ApiError } from './http/api-error';
import type { UserWithOrgRow } from './modules/accounts/accounts.repository';
import { defaultConstellation } from './modules/catalogue/constellation';
import { describeIngest } from './modules/scenes/ingest.service';
import { type ArchiveGenerationDeps, generateArchive } from './modules/simulator/archive-generation';

/**
 * Operator commands. On the embedded database they connect through the running
 * server's socket when there is one, and never open a folder another process holds.
 */
const usage = `Usage: npm run cli -- <command> [options]

  org create --name NAME --type N [--order-type 1,4] [--address TEXT] [--contact NAME]
  user create --username U --password P [--org NAME] [--org-type N] [--order-type 1,4]
              [--email E] [--phone P] [--timezone ZONE] [--language en|zh] [--test]
  user reset-password --username U --password P
  user list
${accountCommandsUsage}
${apiKeyCommandsUsage}
${elementCommandsUsage}
  simulate [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--count N | --density D] [--seed N] [--sats A,B]
                      generate archive scenes from the real orbits (deterministic; default: the
                      last three years, about 200,000 scenes, every satellite with elements);
                      --sats takes satellite names, NORAD ids or catalogue ids
  tasking predict --aoi FILE.geojson --from ISO --to ISO --sats NAME|NORAD,... [--max-ona DEG] [--max-sza DEG]
                      print the prediction JSON (passes, footprints, coverage, stale elements) of the
                      satellites over the AOI for any window, past or future; ISO instants, a bare date
                      is its UTC midnight; --max-ona defaults to each satellite's agility, --max-sza
                      (day sensors) to 0 = the usual daylight limit (80°)
  ingest FILE|DIR     ingest STAC Items (NDJSON, an ItemCollection, a single Item, or a folder
                      of them) into the archive; idempotent (upsert by scene id); prints the
                      counts and each rejected item with its reason; exits 1 when one was rejected
${orderCommandsUsage}
${archiveCommandsUsage}
${noticeCommandsUsage}

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database, default ./var).`;

const options = {
  name: { type: 'string' },
  type: { type: 'string' },
  'order-type': { type: 'string' },
  address: { type: 'string' },
  contact: { type: 'string' },
  username: { type: 'string' },
  password: { type: 'string' },
  org: { type: 'string' },
  'org-type': { type: 'string' },
  email: { type: 'string' },
  phone: { type: 'string' },
  timezone: { type: 'string' },
  language: { type: 'string' },
  test: { type: 'boolean' },
  from: { type: 'string' },
  to: { type: 'string' },
  count: { type: 'string' },
  density: { type: 'string' },
  seed: { type: 'string' },
  sats: { type: 'string' },
  aoi: { type: 'string' },
  'max-ona': { type: 'string' },
  'max-sza': { type: 'string' },
  status: { type: 'string' },
  limit: { type: 'string' },
  scene: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ...accountOptions,
  ...apiKeyOptions,
  ...archiveOptions,
  ...noticeOptions,
} as const;

class UsageError extends Error {}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`--${flag} is required`);
  return value;
}

function integer(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new UsageError(`--${flag} must be a whole number, got "${value}"`);
  return n;
}

function orderTypes(value: string | undefined): number[] {
  if (!value) return [];
  return value.split(',').map((v) => integer(v.trim(), 'order-type'));
}

function day(value: string, flag: string): Date {
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime())) {
    throw new UsageError(`--${flag} must be a date YYYY-MM-DD, got "${value}"`);
  }
  return date;
}

/** An ISO 8601 instant; a bare date is its UTC midnight. */
function instant(value: string, flag: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime()))
    throw new UsageError(`--${flag} must be an ISO 8601 date or time, got "${value}"`);
  return date;
}

function degrees(value: string, flag: string): number {
  const n = Number(value);
  if (!(Number.isFinite(n) && n >= 0 && n <= 90))
    throw new UsageError(`--${flag} must be 0–90 degrees, got "${value}"`);
  return n;
}

/** The polygons of a GeoJSON file: a geometry, a Feature or a FeatureCollection. */
async function aoisOfFile(path: string): Promise<Aoi[]> {
  let doc: { type?: string; geometry?: unknown; features?: { geometry?: unknown }[] };
  try {
    doc = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new UsageError(`--aoi: cannot read "${path}" as GeoJSON: ${(e as Error).message}`);
  }
  const geometries =
    doc.type === 'FeatureCollection'
      ? (doc.features ?? []).map((f) => f.geometry)
      : doc.type === 'Feature'
        ? [doc.geometry]
        : [doc];
  const polygons = geometries.filter(
    (g): g is Aoi => !!g && ['Polygon', 'MultiPolygon'].includes((g as { type?: string }).type ?? ''),
  );
  if (!polygons.length) throw new UsageError(`--aoi: "${path}" holds no Polygon or MultiPolygon`);
  return polygons;
}

/** Satellites by name, NORAD id or catalogue id; an unknown one is an error, not a silent skip. */
async function satellitesNamed(list: string, deps: ArchiveGenerationDeps): Promise<number[]> {
  const satellites = await deps.satellites();
  return list.split(',').map((wanted) => {
    const w = wanted.trim().toLowerCase();
    const found = satellites.find(
      (s) => s.name.toLowerCase() === w || String(s.noradId) === w || String(s.id) === w,
    );
    if (!found) throw new UsageError(`--sats: no satellite "${wanted.trim()}"`);
    return found.id;
  });
}

function describeUser(u: UserWithOrgRow): string {
  return `${String(u.id).padStart(4)}  ${u.username.padEnd(20)} org "${u.org.name}" (type ${u.org.type}, orderType [${u.org.order_types.join(',')}])${u.email ? `  ${u.email}` : ''}`;
}

export async function runCli(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  // Commands are two words (`tle load` takes the file as a third), except `ingest PATH`.
  const words = positionals[0] === 'ingest' || positionals[0] === 'simulate' ? 1 : 2;
  const command = positionals.slice(0, words).join(' ');
  const operands = positionals.slice(words);
  if (values.help || !command) {
    out(usage);
    return command || values.help ? 0 : 2;
  }
  const known = [
    'org create',
    'user create',
    'user reset-password',
    'user list',
    'ingest',
    'simulate',
    'tasking predict',
    ...orderCommands,
    ...accountCommands,
    ...apiKeyCommands,
    ...archiveCommands,
    ...noticeCommands,
    ...elementCommands,
  ];
  if (!known.includes(command)) throw new UsageError(`unknown command "${positionals.join(' ')}"`);
  if (command === 'ingest' && operands.length !== 1) throw new UsageError('ingest needs one FILE or DIR');
  const wanted = orderCommandOperands[command] ?? accountCommandOperands[command];
  if (wanted !== undefined && operands.length !== wanted)
    throw new UsageError(wanted ? `${command} needs one operand` : `unexpected "${operands.join(' ')}"`);
  if (!elementCommands.includes(command) && command !== 'ingest' && wanted === undefined && operands.length) {
    throw new UsageError(`unexpected "${operands.join(' ')}"`);
  }

  // A prediction's standard output is its JSON alone: progress goes to standard error.
  const progress = command === 'tasking predict' ? (m: string) => console.error(m) : out;
  const config = loadConfig();
  const db = await openDatabase(config, { mode: 'share', onProgress: progress });
  try {
    const services = composeServices(db, { delivery: config });
    const { accounts, catalogue, ingest, archiveGeneration, tasking } = services;
    if (orderCommands.includes(command)) {
      const fulfilment = await composeFulfilment(db.pool, services, config, { workers: false });
      try {
        return await runOrderCommand(command, operands, values, fulfilment, out);
      } finally {
        await fulfilment.stop();
      }
    }
    if (accountCommands.includes(command))
      return await runAccountCommand(command, operands, values, services, out);
    if (apiKeyCommands.includes(command)) return await runApiKeyCommand(command, values, services, out);
    if (archiveCommands.includes(command)) {
      // Matched before `advance` returns, so the matches exist then (the end-to-end tests look at
      // once); the server's sweep sends the mails.
      const matchPending = () => services.matching.matchPending();
      return await runArchiveCommand(command, values, { ...services, matchPending }, out);
    }
    if (noticeCommands.includes(command))
      return await runNoticeCommand(command, values, services.notices, out);
    if (elementCommands.includes(command)) return await runElementCommand(command, operands, services, out);
    switch (command) {
      case 'org create': {
        const org = await accounts.createOrganisation({
          name: required(values.name, 'name'),
          type: integer(required(values.type, 'type'), 'type'),
          orderTypes: orderTypes(values['order-type']),
          address: values.address ?? '',
          contactPerson: values.contact ?? '',
        });
        out(
          `created organisation ${org.id} "${org.name}" (type ${org.type}, orderType [${org.order_types.join(',')}])`,
        );
        break;
      }
      case 'user create': {
        const language = values.language as 'en' | 'zh' | undefined;
        const user = await accounts.createUser({
          username: required(values.username, 'username'),
          password: required(values.password, 'password'),
          ...(values.org ? { orgName: values.org } : {}),
          ...(values['org-type'] ? { orgType: integer(values['org-type'], 'org-type') } : {}),
          orderTypes: orderTypes(values['order-type']),
          email: values.email ?? '',
          phone: values.phone ?? '',
          isTest: values.test ?? false,
          timezone: values.timezone ?? null,
          language: language ?? null,
        });
        out(`created user ${describeUser(user)}`);
        break;
      }
      case 'user reset-password':
        await accounts.resetPassword(
          required(values.username, 'username'),
          required(values.password, 'password'),
        );
        out(`password of ${values.username} reset; their sessions and tile key are ended`);
        break;
      case 'user list':
        for (const u of await accounts.listUsers()) out(describeUser(u));
        break;
      case 'simulate': {
        await catalogue.seedConstellation(defaultConstellation);
        const window = demoArchiveWindow();
        const from = values.from ? day(values.from, 'from') : window.from;
        const to = values.to ? day(values.to, 'to') : window.to;
        if (from >= to) throw new UsageError('--from must be before --to');
        const density = values.density === undefined ? undefined : Number(values.density);
        if (density !== undefined && !(density > 0 && density <= 1))
          throw new UsageError('--density must be in (0, 1]');
        const targetCount = density ? undefined : values.count ? integer(values.count, 'count') : 200_000;
        const satelliteIds = values.sats ? await satellitesNamed(values.sats, archiveGeneration) : undefined;
        const report = await generateArchive(archiveGeneration, {
          from,
          to,
          ...(targetCount ? { targetCount } : {}),
          ...(density ? { density } : {}),
          ...(values.seed ? { seed: integer(values.seed, 'seed') } : {}),
          ...(satelliteIds ? { satelliteIds } : {}),
          onProgress: throttledProgress(out),
        });
        out(
          `simulated ${report.written} scenes (${report.inserted} new, ${report.updated} updated) ` +
            `from ${from.toISOString().slice(0, 10)} to ${to.toISOString().slice(0, 10)}, density ${report.density.toPrecision(3)}, ${report.seconds.toFixed(1)} s`,
        );
        break;
      }
      case 'tasking predict': {
        await catalogue.seedConstellation(defaultConstellation);
        const from = instant(required(values.from, 'from'), 'from');
        const to = instant(required(values.to, 'to'), 'to');
        if (from >= to) throw new UsageError('--from must be before --to');
        const satIds = await satellitesNamed(required(values.sats, 'sats'), archiveGeneration);
        const prediction = await tasking.predictWindow({
          aois: await aoisOfFile(required(values.aoi, 'aoi')),
          from,
          to,
          satIds,
          maxOffNadirDeg: values['max-ona'] === undefined ? 90 : degrees(values['max-ona'], 'max-ona'),
          maxSunZenithDeg: values['max-sza'] === undefined ? 0 : degrees(values['max-sza'], 'max-sza'),
          taskableOnly: false,
        });
        out(JSON.stringify(prediction, null, 2));
        break;
      }
      case 'ingest': {
        // Platforms are matched against the catalogue, which may not be seeded yet.
        await catalogue.seedConstellation(defaultConstellation);
        const reports = await ingest.ingestPath(operands[0]!, out);
        for (const r of reports) for (const line of describeIngest(r)) out(line);
        return reports.some((r) => r.rejected.length) ? 1 : 0;
      }
    }
    return 0;
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      if (e instanceof ApiError) {
        const field = e.details.field ? ` (${e.details.field})` : '';
        console.error(
          `error: ${e.messageKey}${field}${e.details.params ? ` ${JSON.stringify(e.details.params)}` : ''}`,
        );
      } else if (
        e instanceof OrderCommandError ||
        e instanceof AccountCommandError ||
        e instanceof ApiKeyCommandError ||
        e instanceof ArchiveCommandError ||
        e instanceof NoticeCommandError ||
        e instanceof ElementCommandError
      ) {
        console.error(`error: ${e.message}`);
      } else if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
        console.error(`error: ${(e as Error).message}\n\n${usage}`);
      } else {
        console.error(`error: ${(e as Error).message}`);
      }
      process.exit(
        e instanceof ApiError ||
          e instanceof UsageError ||
          e instanceof OrderCommandError ||
          e instanceof AccountCommandError ||
          e instanceof ApiKeyCommandError ||
          e instanceof ArchiveCommandError ||
          e instanceof NoticeCommandError ||
          e instanceof ElementCommandError
          ? 2
          : 1,
      );
    },
  );
}
