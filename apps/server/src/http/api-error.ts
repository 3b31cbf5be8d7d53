import { httpStatusOf, ResultCode } from '@satportal/contract';

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

  /** The HTTP status of the code: error handlers of other scopes (the STAC API's) read it. */
  get statusCode(): number {
    return httpStatusOf(this.code);
  }

  static invalid(field: string, messageKey = 'error.validation', params?: Record<string, string | number>) {
    return new ApiError(ResultCode.ValidationFailed, messageKey, { field, ...(params ? { params } : {}) });
  }

  static notFound(messageKey = 'error.notFound') {
    return new ApiError(ResultCode.NotFound, messageKey);
  }
}
