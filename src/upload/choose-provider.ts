/**
 * The upload provider `config/plugins` names: `upload.config.provider` is `local` (default) or
 * `aws-s3`; Strapi's package names (`@strapi/provider-upload-local`, `@strapi/provider-upload-aws-s3`)
 * resolve to the same built-in providers, so a Strapi project's config works unchanged.
 */
import type { UploadPluginEntry } from '../config/types.js';
import { localProvider } from './local-provider.js';
import { providerKind, type UploadProvider } from './provider.js';
import { s3Provider } from './s3-provider.js';

export async function chooseUploadProvider(
  config: UploadPluginEntry['config'],
  context: { readonly publicDir: string; readonly warn: (message: string) => void },
): Promise<UploadProvider> {
  if (providerKind(config.provider) === 'local') return { ...localProvider(context.publicDir), name: config.provider };
  return s3Provider(config.providerOptions, { name: config.provider, actionOptions: config.actionOptions, warn: context.warn });
}
