// Small primitives: ids, bearer tokens, password hashing (argon2id via hash-wasm), temporary passwords.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';
import type { Env } from '../env';

/** 24 lowercase hex characters, like a Mongo ObjectId (ids are opaque strings to the app). */
export const newId = (): string => randomBytes(12).toString('hex');

/** 32 random bytes, base64url: the bearer token. Only its sha256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

export function hashPassword(env: Env, password: string): Promise<string> {
  return argon2id({
    password,
    salt: randomBytes(16),
    parallelism: 1,
    iterations: env.argon2.iterations,
    memorySize: env.argon2.memoryKib,
    hashLength: 32,
    outputType: 'encoded',
  });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

/** No 0/O, 1/l/I: a temporary password is read from a mail and typed by hand. */
const UNAMBIGUOUS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TEMP_PASSWORD_LENGTH = 12;

/** What a temporary password looks like. Login checks one only for input of this shape (login-local.ts). */
export const TEMP_PASSWORD_SHAPE = /^[abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$/;

export function generateTempPassword(): string {
  let out = '';
  for (let i = 0; i < TEMP_PASSWORD_LENGTH; i++) out += UNAMBIGUOUS[randomInt(UNAMBIGUOUS.length)];
  return out;
}
