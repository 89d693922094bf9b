/** What the Messages API takes of an image or a document, and what codev loads to send one. */

/** Images larger than this on either side are resized to fit. */
export const MAX_IMAGE_DIMENSION = 2_000;

/** Images larger than this (bytes, before base64) are re-encoded as JPEG; 3.75 MB base64-encodes to 5 MB, the API's limit. */
export const MAX_IMAGE_BYTES = 3_750_000;

/** An image file larger than this is refused before it is decoded (it is loaded into memory whole). */
export const MAX_IMAGE_INPUT_BYTES = 100 * 1024 * 1024;

/** A PDF or text document larger than this is refused: base64 grows it by a third, and a request may be 32 MB at most. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
