/**
 * `password` attributes are stored as bcrypt hashes (cost 10, Strapi's choice, so hashes made
 * by Strapi verify and ours verify in Strapi). Hashing happens before the transaction opens.
 */
import type { ComponentWrite, WritePlan } from '../engine/write/write-plan.js';
import type { Registry, Schema } from '../model/types.js';
import { loadPackage } from '../util/load-package.js';

const BCRYPT_ROUNDS = 10;

/** Loaded on the first hash or comparison: reading content never needs it. */
async function bcrypt(): Promise<typeof import('bcryptjs').default> {
  return (await loadPackage(() => import('bcryptjs'))).default;
}

export async function hashPassword(plain: string): Promise<string> {
  return (await bcrypt()).hash(plain, BCRYPT_ROUNDS);
}

export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  return (await bcrypt()).compare(plain, hash);
}

export async function hashPlanPasswords(registry: Registry, schema: Schema, plan: WritePlan): Promise<WritePlan> {
  const scalars = { ...plan.scalars };
  for (const [name, value] of Object.entries(plan.scalars)) {
    const attr = schema.attributes[name];
    if (attr?.kind === 'scalar' && attr.type === 'password' && typeof value === 'string') scalars[name] = await hashPassword(value);
  }
  const components: Record<string, ComponentWrite[]> = {};
  for (const [name, items] of Object.entries(plan.components)) {
    components[name] = await Promise.all(items.map(async (item) => ({ uid: item.uid, plan: await hashPlanPasswords(registry, registry.component(item.uid), item.plan) })));
  }
  return { ...plan, scalars, components };
}
