// The plain checks of the answers a first screen waits for (the sign-in, the user, the station), in one module so
// that they load as one small chunk, beside the first of those requests (lib/http/client.ts schemaBeside).
export { loginAnswer } from './login';
export { poiAnswer } from './poi';
export { userAnswer } from './user';
