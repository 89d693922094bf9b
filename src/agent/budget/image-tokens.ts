/**
 * An image costs its pixels over 750 in tokens, whatever its bytes: codev sends images of at most 2,000
 * pixels a side, so at most 5,334 tokens (the API scales most models' images down further).
 */
export const IMAGE_TOKENS = Math.ceil((2_000 * 2_000) / 750);
