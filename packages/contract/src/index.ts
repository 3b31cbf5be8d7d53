export * from './auth';
export * from './catalogue';
export * from './codes';
export * from './envelope';
export * from './limits';
export * from './routes';
