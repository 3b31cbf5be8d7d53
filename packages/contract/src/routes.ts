/** Paths of the API, named once so server routes, client calls and tests agree. */
export const ApiBase = '/api/v1';

export const Paths = {
  health: '/health',
  login: '/auth/login',
  logout: '/auth/logout',
  passwordChange: '/auth/password',
  me: '/me',
  satellites: '/satellites',
  resolutions: '/resolutions',
} as const;

export const apiPath = (p: (typeof Paths)[keyof typeof Paths]) => `${ApiBase}${p}`;
