import { type ExtractedCode, extractCode } from '@multimfa/code-extraction';

/** Finds the one-time code in a text, or answers null; a text without one is still forwarded whole. */
export abstract class CodeExtractor {
  abstract extract(text: string, sender?: string): ExtractedCode | null;
}

/** `@multimfa/code-extraction`: origin-bound lines, known vendor formats, then keyword heuristics. */
export class PackageCodeExtractor extends CodeExtractor {
  extract(text: string, sender?: string): ExtractedCode | null {
    return extractCode(text, sender);
  }
}
