/** A refusal of the STAC API, answered as the STAC API's `{code, description}` (stac.routes.ts). */
export class StacError extends Error {
  constructor(
    readonly status: number,
    readonly code: 'BadRequest' | 'NotFound' | 'MethodNotAllowed',
    readonly description: string,
  ) {
    super(description);
  }
}
