export interface RuntimeConfig {
  /** The server's version, known before any call (the health endpoint confirms it) */
  version: string | null;
  tiandituKey: string | null;
  supportEmail: string | null;
  /** "Contact sales" writes here (the HD quota dialog), not to technical support */
  salesEmail: string | null;
}

const text = (value: string | undefined) => value?.trim() || null;

/**
 * Deployment settings, read from /config.js (served by the server before the app starts); the
 * Tianditu key may also be given at build time.
 */
export function runtimeConfig(): RuntimeConfig {
  const page = typeof window === 'undefined' ? undefined : window.__SATPORTAL_CONFIG__;
  return {
    version: text(page?.version),
    tiandituKey: text(page?.tiandituKey) ?? text(import.meta.env.VITE_TIANDITU_KEY),
    supportEmail: text(page?.supportEmail),
    salesEmail: text(page?.salesEmail),
  };
}
