/**
 * Whether an answer is an OGC exception report refusing the caller: the WMS and WMTS routes answer
 * their clients so (tiles/ows-errors.ts), every other route in the envelope.
 */
export const isOgcRefusal = (r: { headers: Record<string, unknown>; body: string }) =>
  /xml/.test(String(r.headers['content-type'])) && r.body.includes('"NoApplicableCode"');
