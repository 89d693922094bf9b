/** The page's one template tag: htm bound to Preact's `h` (no JSX: the layer checker cannot read .tsx). */
import { h } from 'preact';
import htm from 'htm';

export const html = htm.bind(h);
