// Small primitives: ids, bearer tokens, password hashing (argon2id), temporary passwords.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import type { Env } from '../env';

/** 24 lowercase hex characters, like a Mongo ObjectId (ids are opaque strings to the app). */
export const newId = (): string => randomBytes(12).toString('hex');

/** 32 random bytes, base64url: the bearer token. Only its sha256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID: Algorithm = 2;

/**
 * An argon2id hash in the PHC string format ($argon2id$v=19$m=…,t=…,p=1$salt$hash). It runs natively on libuv's thread
 * pool, so the event loop serves other requests meanwhile. (Until session 26 it ran in WebAssembly (hash-wasm) on the
 * event loop itself: every login, registration, password reset and PIN check held all other requests of the process
 * for 20–100 ms, and each made a fresh WebAssembly memory of ~19 MiB that V8 answered with a full garbage collection
 * about every second hash. The strings are the same format: hashes made then verify now, tests/server/password-hash.)
 */
export function hashPassword(env: Env, password: string): Promise<string> {
  return argon2Hash(password, {
    algorithm: ARGON2ID,
    salt: randomBytes(16),
    parallelism: 1,
    timeCost: env.argon2.iterations,
    memoryCost: env.argon2.memoryKib,
    outputLen: 32,
  });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Verify(hash, password);
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
