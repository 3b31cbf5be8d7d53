import type { FastifyInstance } from 'fastify';

/**
 * The HTTP server's part of a shutdown, within the process's deadline. Fastify's close stops
 * taking connections, closes the idle kept-alive ones and waits for every running request — and a
 * download whose reader stopped reading ends only at the idle timeout (210 s), far past the 30 s
 * the shutdown allows. So the running requests get `graceMs` to finish, then their connections are
 * cut (a client resumes a download by Range); the close hooks (the usage ledger's last write) run
 * after. `phase` says which part is being waited for, so a shutdown that gives up names it.
 */
export async function closeHttpServer(
  app: FastifyInstance,
  options: { graceMs: number; phase?: (what: string) => void; say?: (message: string) => void },
): Promise<void> {
  options.phase?.('the HTTP server (requests running)');
  const cut = setTimeout(() => {
    app.server.getConnections((_, open) => {
      if (open) options.say?.(`${open} connection(s) still running after ${options.graceMs / 1000} s: cut`);
    });
    app.server.closeAllConnections();
  }, options.graceMs);
  // The server's close callback fires once its connections have ended, before the close hooks.
  app.server.once('close', () => {
    clearTimeout(cut);
    options.phase?.("the HTTP server's close hooks (the usage ledger's last write)");
  });
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
