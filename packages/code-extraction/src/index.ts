export { extractCode, MAX_TEXT_LENGTH } from './extract-code.js';
export type { ExtractedCode } from './extracted-code.js';
