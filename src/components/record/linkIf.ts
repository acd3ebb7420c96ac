import type { TShowLink } from './showLayout';

/** A layout's link that only some records or users get: `link` when `offered` holds, none otherwise. */
export const linkIf = (offered: boolean, link: () => TShowLink): TShowLink[] => (offered ? [link()] : []);
