/** The {ip} of PRODUCT.md: the root package.json version, injected at build time. */
export const APP_VERSION: string = __APP_VERSION__;

/** The {product} of PRODUCT.md; one place to rename it. */
export const PRODUCT_NAME = 'Subtitling';
