/**
 * Tests of the embedded path itself (the embedded database, `npm start`, programs run against the
 * product's default) start their own embedded database whatever DATABASE_URL says, so a second
 * pass on PostgreSQL would only run them again. CI (.ci/run) runs the embedded pass first and then
 * sets EMBEDDED_PASS_DONE=1 for the PostgreSQL pass, which leaves them out; a PostgreSQL run of
 * one's own (DATABASE_URL alone) still runs them.
 */
export const embeddedPassDone = process.env.EMBEDDED_PASS_DONE === '1';
