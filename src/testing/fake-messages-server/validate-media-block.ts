/** The API's limit on one base64 image: 5 MB of base64 text. */
const MAX_IMAGE_BASE64_BYTES = 5 * 1024 * 1024;
const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * Why an `image` or `document` content block is not one the API takes, phrased as the API phrases it (after
 * the block's path), or undefined when it is valid or not a media block.
 */
export function mediaBlockProblem(block: { type: string; source?: unknown }): string | undefined {
  if (block.type !== 'image' && block.type !== 'document') return undefined;
  const source = block.source as Record<string, unknown> | undefined;
  if (typeof source !== 'object' || source === null) return `.${block.type}.source: Field required`;
  if (source.type === 'url') return typeof source.url === 'string' ? undefined : `.${block.type}.source.url.url: Field required`;
  if (block.type === 'image') {
    if (source.type !== 'base64') return ".image.source: Input tag does not match any of the expected tags: 'base64', 'url'";
    if (!IMAGE_MEDIA_TYPES.includes(source.media_type as string)) return ".image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'";
    if (typeof source.data !== 'string' || source.data === '') return '.image.source.base64.data: Field required';
    if (source.data.length > MAX_IMAGE_BASE64_BYTES) return `.image.source.base64: image exceeds 5 MB maximum: ${source.data.length} bytes > ${MAX_IMAGE_BASE64_BYTES} bytes`;
    return undefined;
  }
  if (source.type === 'base64') {
    if (source.media_type !== 'application/pdf') return ".document.source.base64.media_type: Input should be 'application/pdf'";
    return typeof source.data === 'string' && source.data !== '' ? undefined : '.document.source.base64.data: Field required';
  }
  if (source.type === 'text') {
    if (source.media_type !== 'text/plain') return ".document.source.text.media_type: Input should be 'text/plain'";
    return typeof source.data === 'string' ? undefined : '.document.source.text.data: Field required';
  }
  if (source.type === 'content') return undefined;
  return ".document.source: Input tag does not match any of the expected tags: 'base64', 'text', 'content', 'url'";
}
