import type { AccountsService } from './modules/accounts/accounts.service';
import type { AuthService } from './modules/auth/auth.service';
import type { Allowances, UsageService } from './modules/usage';

/**
 * The operator's account commands beside create/reset/list: the traffic quotas of the usage box and
 * the HD mosaic allowance (issue 15; `users …` is taken as well), and ending every credential of an
 * account (issue 26).
 */
export const accountCommandsUsage = `  user quota USERNAME [--hd-tiles N|-1|default] [--full-hd on|off] [--day-flow-gb N|-1] [--flow-gb N|-1]
                      set an account's allowances and print them all: HD tiles above zoom 12 a UTC day
                      without full HD (0 none; default: the server's HD_DAILY_TILES), the full-HD
                      subscription, the day flow limit (reported, not enforced) and the flow quota in
                      GiB; -1 is unlimited, written --hd-tiles=-1
  user usage USERNAME what the account was served today (UTC), against its allowances
  user sign-out-everywhere --username U
                      end every session of the account (its tile cookies with them), its tile
                      key and its API keys, at once; the password stays (reset-password also
                      ends them all)`;

const signOutEverywhere = 'user sign-out-everywhere';
export const accountCommands = ['user quota', 'user usage', 'users quota', 'users usage', signOutEverywhere];

/** Each command takes the username as its operand, but sign-out-everywhere (`--username`, as reset-password). */
export const accountCommandOperands: Record<string, number> = Object.fromEntries(
  accountCommands.map((c) => [c, c === signOutEverywhere ? 0 : 1]),
);

export const accountOptions = {
  'hd-tiles': { type: 'string' },
  'full-hd': { type: 'string' },
  'day-flow-gb': { type: 'string' },
  'flow-gb': { type: 'string' },
} as const;

export class AccountCommandError extends Error {}

const GiB = 1024 ** 3;

/** A size in GiB (decimals allowed) as whole bytes, or -1. */
function gigabytes(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (text.trim() === '-1') return -1;
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !Number.isFinite(value) || value * GiB > Number.MAX_SAFE_INTEGER)
    throw new AccountCommandError(`--${flag} must be a number of GiB ≥ 0, or -1 (unlimited)`);
  return Math.round(value * GiB);
}

function hdTiles(text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  if (text === 'default') return null;
  if (!/^(-1|\d{1,10})$/.test(text) || Number(text) > 2_147_483_647)
    throw new AccountCommandError('--hd-tiles must be a whole number ≥ 0, -1 (unlimited) or "default"');
  return Number(text);
}

function onOff(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined;
  if (text !== 'on' && text !== 'off') throw new AccountCommandError('--full-hd must be on or off');
  return text === 'on';
}

const unlimited = (n: number, show: (n: number) => string) => (n < 0 ? 'unlimited' : show(n));
const size = (bytes: number) => `${(bytes / GiB).toFixed(bytes % GiB === 0 ? 0 : 3)} GiB (${bytes} bytes)`;

function describeAllowances(a: Allowances): string[] {
  return [
    `  full HD:          ${a.fullHd ? 'on' : 'off'}`,
    `  HD tiles a day:   ${unlimited(a.hdDailyTiles, String)}${a.hdDailyTilesIsDefault ? ' (server default)' : ''}`,
    `  day flow limit:   ${unlimited(a.dayFlowLimitBytes, size)}`,
    `  flow quota:       ${unlimited(a.flowQuotaBytes, size)}`,
  ];
}

export async function runAccountCommand(
  command: string,
  operands: string[],
  values: {
    username?: string;
    'hd-tiles'?: string;
    'full-hd'?: string;
    'day-flow-gb'?: string;
    'flow-gb'?: string;
  },
  deps: { accounts: AccountsService; usage: UsageService; auth: Pick<AuthService, 'signOutEverywhere'> },
  out: (line: string) => void,
): Promise<number> {
  const username = command === signOutEverywhere ? values.username : operands[0];
  if (!username) throw new AccountCommandError('--username is required');
  const user = await deps.accounts.findUser(username);
  if (!user) throw new AccountCommandError(`no user "${username}"`);
  const name = `user ${user.username} (id ${user.id})`;
  if (command === signOutEverywhere) {
    const { sessions, apiKeys } = await deps.auth.signOutEverywhere(user.id);
    out(
      `${name}: ${sessions} session${sessions === 1 ? '' : 's'} ended, the tile key revoked, ${apiKeys} API key${apiKeys === 1 ? '' : 's'} revoked`,
    );
    return 0;
  }
  if (command.endsWith(' quota')) {
    const change = {
      hdDailyTiles: hdTiles(values['hd-tiles']),
      fullHd: onOff(values['full-hd']),
      dayFlowLimitBytes: gigabytes(values['day-flow-gb'], 'day-flow-gb'),
      flowQuotaBytes: gigabytes(values['flow-gb'], 'flow-gb'),
    };
    const given = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
    const allowances = Object.keys(given).length
      ? await deps.usage.setAllowances(user.id, given)
      : await deps.usage.allowances(user.id);
    out(`${name}${Object.keys(given).length ? ': allowances set' : ''}`);
    for (const line of describeAllowances(allowances)) out(line);
    return 0;
  }
  const [today, allowances] = await Promise.all([deps.usage.today(user.id), deps.usage.allowances(user.id)]);
  const ofLimit =
    allowances.dayFlowLimitBytes > 0
      ? ` — ${((today.bytes / allowances.dayFlowLimitBytes) * 100).toFixed(1)} % of the day flow limit`
      : '';
  out(`${name}, today ${today.day} (UTC)`);
  out(
    `  served:           ${today.bytes} bytes in ${today.tiles} tiles and ${today.downloads} downloads${ofLimit}`,
  );
  out(
    `  HD tiles:         ${today.hdTiles}${allowances.fullHd ? ' (full HD)' : ` of ${unlimited(allowances.hdDailyTiles, String)}`}`,
  );
  for (const line of describeAllowances(allowances)) out(line);
  return 0;
}
