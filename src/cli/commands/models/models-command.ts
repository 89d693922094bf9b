import { loadConfig } from '../../../config/load-config.ts';
import { MODELS_HELP } from '../../help.ts';
import { parseCommandLine, refuseArguments } from '../../parse-command-line.ts';
import type { CommandIo } from '../types.ts';
import { catalogModelTable } from './catalog-model-table.ts';
import { describeProviderModels } from './describe-provider-models.ts';
import { formatModelsTable } from './format-models-table.ts';
import { resolveModelsSettings } from './resolve-models-settings.ts';

/**
 * `codev models`: the configured provider's models with their windows, prices and capabilities. Reads the config
 * and the environment only: it loads no provider SDK and makes no request.
 */
export async function modelsCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' }, provider: { type: 'string' }, region: { type: 'string' } });
  if (values.help) {
    io.stdout(MODELS_HELP);
    return 0;
  }
  refuseArguments(positionals, 'codev models [--provider P] [--region R] [--json] [--cwd DIR]');
  const { config } = await loadConfig({ cwd: values.cwd ?? io.cwd });
  const resolved = resolveModelsSettings({ ...(values.provider !== undefined && { provider: values.provider }), ...(values.region !== undefined && { region: values.region }), configModel: (config as { model?: unknown }).model, env: io.env });
  // Once the providers land: resolveModelProvider({ settings, env, configModel }).provider is this table.
  const table = catalogModelTable({ provider: resolved.provider, ...(resolved.region !== undefined && { region: resolved.region }), settings: resolved.settings });
  const models = describeProviderModels({ table, defaultModel: resolved.defaultModel, ...(config.prices !== undefined && { prices: config.prices }) });
  if (values.json) {
    io.stdout(`${JSON.stringify({ provider: resolved.provider, region: resolved.region ?? null, defaultModel: resolved.defaultModel, models }, null, 2)}\n`);
  } else {
    io.stdout(formatModelsTable({ provider: resolved.provider, ...(resolved.region !== undefined && { region: resolved.region }), models }));
  }
  return 0;
}
