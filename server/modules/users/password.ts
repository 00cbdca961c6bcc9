import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';

// Algorithm.Argon2id: the package declares a const enum, which verbatimModuleSyntax cannot import.
const ARGON2ID = 2 as Algorithm;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 20-40 ms per hash on a small server.
const options: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Returns a PHC string ($argon2id$...) that carries its own salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/** False, never an exception, for a wrong password or a hash that is not a valid argon2 string. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
