import { CodeExtractor, type ExtractedCode } from './code-extractor.js';

/** Finds no code: every text is forwarded whole, with no code in the subject. */
export class NoCodeExtractor extends CodeExtractor {
  extract(_text: string, _sender?: string): ExtractedCode | null {
    return null;
  }
}
