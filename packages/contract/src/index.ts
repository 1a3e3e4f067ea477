export * from './constants.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './me.ts';
export * from './money.ts';
export * from './services.ts';
