export { extractCode } from './extract-code.rules.js';
export type { ExtractedCode } from './extracted-code.types.js';
