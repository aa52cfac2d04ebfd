export { extractCode } from './extract-code.js';
export type { ExtractedCode } from './extracted-code.js';
