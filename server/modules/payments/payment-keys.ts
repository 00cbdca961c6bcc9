import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentKeys } from './payments.schema.ts';

/** A secret generated once and kept in the database, so that every process uses the same one. */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(paymentKeys)
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: paymentKeys.secret })
    .from(paymentKeys)
    .where(eq(paymentKeys.name, name));
  if (!row) throw new Error(`The payment secret ${name} could not be stored`);
  return row.secret;
}
