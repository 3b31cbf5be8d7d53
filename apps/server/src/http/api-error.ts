import { ResultCode } from '@satportal/contract';

/**
 * A refusal the client should see: a business code, a translation key and,
 * for bad input, the field at fault. Thrown by services, answered by the error plugin.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: string,
    readonly details: { field?: string; params?: Record<string, string | number> } = {},
  ) {
    super(messageKey);
  }

  static invalid(field: string, messageKey = 'error.validation', params?: Record<string, string | number>) {
    return new ApiError(ResultCode.ValidationFailed, messageKey, { field, ...(params ? { params } : {}) });
  }

  static notFound(messageKey = 'error.notFound') {
    return new ApiError(ResultCode.NotFound, messageKey);
  }
}
