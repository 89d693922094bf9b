import { CodevError } from '../../errors/codev-error.ts';
import { suggestKey } from '../../errors/suggest-key.ts';
import { overModelSetting } from '../../model/providers/over-model-setting.ts';
import { MODEL_PROVIDER_NAMES, type ModelProviderName, type ModelSettings } from '../../model/providers/types.ts';

/** `--provider <name>`: one of the providers, else `CLI_USAGE` with the closest name. */
export function providerOption(value: string | undefined): ModelProviderName | undefined {
  if (value === undefined) return undefined;
  if ((MODEL_PROVIDER_NAMES as readonly string[]).includes(value)) return value as ModelProviderName;
  const suggestion = suggestKey({ key: value, candidates: MODEL_PROVIDER_NAMES });
  throw new CodevError('CLI_USAGE', `--provider must be one of ${MODEL_PROVIDER_NAMES.join(', ')}, not "${value}"`, { hint: `e.g. --provider ${suggestion ?? 'bedrock'}` });
}

/**
 * The `model` an agent gets from `--provider` and `--model` over the script's (or the job's) own `model`: the
 * flags change the provider and the id; the script's settings (region, project...) stay when its provider is
 * the one chosen. Neither flag: the script's, as it is.
 */
export function withModelFlags(options: { provider?: ModelProviderName; model?: string; script?: string | ModelSettings }): string | ModelSettings | undefined {
  const { provider, model, script } = options;
  if (provider === undefined) return overModelSetting(script, model);
  return overModelSetting(script, { provider, ...(model !== undefined && { id: model }) });
}
