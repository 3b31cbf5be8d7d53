import { ResultCode } from '@satportal/contract';
import type { ApiError } from './errors';

/** The key shown for a code when the server's message key is not one we translate. */
const keyByCode: Partial<Record<number, string>> = {
  [ResultCode.InvalidSession]: 'error.session',
  [ResultCode.LoginFailed]: 'login.wrongCredentials',
  [ResultCode.WrongOldPassword]: 'login.oldPassError',
  [ResultCode.TooManyAttempts]: 'login.tooManyAttempts',
  [ResultCode.ValidationFailed]: 'error.validation',
  [ResultCode.Forbidden]: 'error.forbidden',
  [ResultCode.NotFound]: 'error.notFound',
  [ResultCode.Conflict]: 'error.conflict',
  [ResultCode.RateLimited]: 'error.rateLimited',
  [ResultCode.InternalError]: 'error.internal',
};

const keyByKind = { network: 'error.network', timeout: 'error.timeout', malformed: 'error.network' } as const;

export interface TranslatableMessage {
  key: string;
  params: Record<string, string | number>;
}

/**
 * The message to show for a failed call: the server's own key (it sends translation keys) when we
 * have a translation for it, else one chosen by code, else a generic one.
 */
export function messageOf(error: ApiError, hasTranslation: (key: string) => boolean): TranslatableMessage {
  const params = error.params ?? {};
  if (error.kind !== 'business') return { key: keyByKind[error.kind], params };
  if (hasTranslation(error.messageKey)) return { key: error.messageKey, params };
  const byCode = error.code === null ? undefined : keyByCode[error.code];
  return { key: byCode ?? 'error.unknown', params };
}

/**
 * The parameters, those that are themselves translation keys translated with the same parameters:
 * a refusal's `reason` (`search.invalidAoi` with `aoi.tooLarge` and its `area` and `max`).
 */
export function translateNested(
  params: Record<string, string | number>,
  hasTranslation: (key: string) => boolean,
  translate: (key: string, params: Record<string, string | number>) => string,
): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' && /^[a-z]+\.\w+$/.test(value) && hasTranslation(value)
        ? translate(value, params)
        : value,
    ]),
  );
}
