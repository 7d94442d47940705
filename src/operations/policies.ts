/**
 * Named policies (`global::is-owner`, `api::article.is-author`, `plugin::…`) and running a list of
 * them for one operation. Project files are loaded into the registry by the app; routes and
 * resolvers resolve their names once, when they are built (an unknown name fails the start).
 */
import { PolicyError } from '../errors/index.js';
import { candidateNames } from './named.js';
import type { OperationContext, Policy, PolicyRef } from './types.js';

export interface PolicyRegistry {
  register(name: string, policy: Policy): void;
  has(name: string): boolean;
  /** the policy registered as `name`; throws naming it when there is none */
  get(name: string): Policy;
  /** the policy `name` names from a route of `api` (a bare name: that api's, then the global one), or undefined */
  find(name: string, api?: string): Policy | undefined;
  /** a route or resolver config entry as a policy (its `config` bound) */
  resolve(ref: PolicyRef): Policy;
}

export class UnknownPolicyError extends Error {
  constructor(readonly policyName: string) {
    super(`Unknown policy "${policyName}"`);
  }
}

export function createPolicyRegistry(): PolicyRegistry {
  const policies = new Map<string, Policy>();
  const registry: PolicyRegistry = {
    register(name, policy) {
      policies.set(name, policy);
    },
    has: (name) => policies.has(name),
    find(name, api) {
      for (const candidate of candidateNames(name, api)) {
        const policy = policies.get(candidate);
        if (policy) return policy;
      }
      return undefined;
    },
    get(name) {
      const policy = policies.get(name);
      if (!policy) throw new UnknownPolicyError(name);
      return policy;
    },
    resolve(ref) {
      if (typeof ref === 'function') return ref;
      const policy = registry.get(typeof ref === 'string' ? ref : ref.name);
      if (typeof ref === 'string' || ref.config === undefined) return policy;
      const { config } = ref;
      return (context) => policy(context, config);
    },
  };
  return registry;
}

/** Runs `policies` in order; the first to answer `false` stops the operation with a 403 PolicyError. */
export async function runPolicies(policies: readonly Policy[], context: OperationContext): Promise<void> {
  for (const policy of policies) {
    if ((await policy(context, undefined)) === false) throw new PolicyError();
  }
}
