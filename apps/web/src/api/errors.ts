import type { ErrorData as ErrorDataSchema } from '@satportal/contract';
import type { Static } from 'typebox';

export type ErrorData = Static<typeof ErrorDataSchema>;

/**
 * Why a call did not succeed: the server answered with a business code (`business`), it could not
 * be reached (`network`), it did not answer within the timeout (`timeout`), or it answered with
 * something that is not our envelope (`malformed`).
 */
export type ApiFailureKind = 'business' | 'network' | 'timeout' | 'malformed';

export class ApiError extends Error {
  /**
   * Set once the general handler has already told the user (toast, redirect, dialog), so a
   * caller does not report the same failure twice.
   */
  handled = false;

  constructor(
    readonly kind: ApiFailureKind,
    /** The business code (`ResultCode`) for `business` failures, else null. */
    readonly code: number | null,
    /** Translation key sent by the server (`business`) or chosen by the client. */
    readonly messageKey: string,
    readonly status: number,
    readonly data: ErrorData = null,
  ) {
    super(`${kind} ${code ?? status}: ${messageKey}`);
    this.name = 'ApiError';
  }

  /** The request field the server blamed, if any (`data.field`). */
  get field(): string | undefined {
    return this.data?.field;
  }

  get params(): Record<string, string | number> | undefined {
    return this.data?.params;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** True when the failure is a business answer with one of the given codes. */
export const hasCode = (error: unknown, ...codes: number[]): boolean =>
  isApiError(error) && error.code !== null && codes.includes(error.code);
