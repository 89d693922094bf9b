import { CodevError } from '../../errors/codev-error.ts';
import { findAddressRule } from '../../permissions/find-address-rule.ts';
import type { ToolPermissionContext } from '../../permissions/types.ts';

/**
 * Throws `PERMISSION_DENIED` when the address a host name resolved to is one a WebFetch deny or ask rule
 * names (see {@link findAddressRule}): the connection is never made. An ask rule cannot be asked from inside
 * a connection, so the model is told to fetch the address itself, which the permission check then asks about.
 */
export function refuseDeniedAddress(options: { permissionContext: ToolPermissionContext; url: string; address: string; hostname: string }): void {
  const rule = findAddressRule(options);
  if (!rule) return;
  const shown = options.address.includes(':') ? `[${options.address}]` : options.address;
  const instead = rule.behavior === 'ask' ? ` To be asked, fetch http://${shown}/ by its address.` : '';
  throw new CodevError('PERMISSION_DENIED', `Not fetched: ${options.hostname} resolves to ${options.address}, which the ${rule.behavior} rule '${rule.text}' from ${rule.source} settings names.${instead}`, {
    tool: 'WebFetch',
    hint: `rules that name an address hold for every host name that resolves to it`,
  });
}
