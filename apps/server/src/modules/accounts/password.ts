import { hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane): memory-hard, ~tens of ms.
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the username is unknown, so timing does not tell which usernames exist. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
};
