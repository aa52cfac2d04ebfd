/** The product's name, as every page title and the logo show it. */
export const BRAND_NAME = 'MultiMFA';
