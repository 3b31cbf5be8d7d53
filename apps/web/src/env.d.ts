/** Settings the server puts in /config.js (public/config.js is the stand-alone default). */
interface SatportalRuntimeConfig {
  version?: string;
  tiandituKey?: string;
  supportEmail?: string;
  salesEmail?: string;
}

interface Window {
  __SATPORTAL_CONFIG__?: SatportalRuntimeConfig;
}

interface ImportMetaEnv {
  /** Build-time Tianditu key, used when /config.js sets none */
  readonly VITE_TIANDITU_KEY?: string;
}

/** One part of a language's messages (messageParts.plugin.ts). */
declare module 'virtual:messages/*' {
  const messages: Record<string, unknown>;
  export default messages;
}
