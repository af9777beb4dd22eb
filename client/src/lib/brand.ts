/** SPEC's {ip}: the root package.json version, injected at build time. */
export const APP_VERSION: string = __APP_VERSION__;

/** SPEC's {product}; one place to rename it. */
export const PRODUCT_NAME = 'Subtitling';
