import { CodevError, errorMessage } from '../../errors/codev-error.ts';

/** Loads a provider's SDK package: the seam tests replace to play a package that is not installed. */
export type ProviderSdkLoader<Module> = () => Promise<Module>;

/**
 * The provider's SDK module from `load` (an `await import(...)` of the package, in the provider's own file, so a
 * process that never uses that provider never loads it). A package that is not installed or does not load is
 * `MODEL_PROVIDER_UNAVAILABLE`, naming the package and the exact install command.
 */
export async function loadProviderSdk<Module>(options: { label: string; packageName: string; version: string; load: ProviderSdkLoader<Module> }): Promise<Module> {
  try {
    return await options.load();
  } catch (error) {
    throw new CodevError('MODEL_PROVIDER_UNAVAILABLE', `${options.label} needs the package ${options.packageName}, which could not be loaded (${errorMessage(error)})`, {
      hint: `npm install ${options.packageName}@${options.version}`,
    });
  }
}
