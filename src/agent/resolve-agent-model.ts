import type { Kernel } from '../kernel/create-kernel.ts';
import { CodevError } from '../errors/codev-error.ts';
import { resolveModelProvider, DEFAULT_MODEL_ID } from '../model/providers/resolve-model-provider.ts';
import { modelIdOf } from '../model/providers/model-id-of.ts';
import type { ModelProvider } from '../model/providers/types.ts';
import { scopeModelProvider } from './create-agent-scope.ts';
import type { AgentOptions } from './types.ts';

/**
 * The provider and model of an agent. A subagent goes through its parent's provider (and client), on its own
 * model or its parent's. Any other agent resolves its own (`resolveModelProvider`: its `model`, `apiKey` and
 * `baseURL`, then `CODEV_PROVIDER`/`CODEV_MODEL`, then the config's `model`): nothing to talk to is
 * `MODEL_NOT_CONFIGURED` here, unless a ready `client` was given, which needs no key (the provider is then
 * undefined when it could not be resolved: the client's requests go as they are).
 */
export function resolveAgentModel(options: AgentOptions & { kernel?: Kernel }, env: Readonly<Record<string, string | undefined>>): { provider: ModelProvider | undefined; model: string } {
  const parent = options.subagent?.parent;
  const inherited = parent && scopeModelProvider(parent);
  if (parent && inherited) return { provider: inherited, model: modelIdOf(options.model) ?? parent.model };
  const resolve = () => resolveModelProvider({ settings: options.model, apiKey: options.apiKey, baseURL: options.baseURL, env, configModel: options.kernel?.config.model });
  if (!options.client) return resolve();
  try {
    return resolve();
  } catch (error) {
    if (!CodevError.isInstance(error) || error.code !== 'MODEL_NOT_CONFIGURED') throw error;
    return { provider: undefined, model: modelIdOf(options.model) ?? env.CODEV_MODEL ?? modelIdOf(options.kernel?.config.model) ?? DEFAULT_MODEL_ID };
  }
}
