/** A one-time code found in a text (the shape of `@multimfa/code-extraction`'s answer). */
export interface ExtractedCode {
  code: string;
  service?: string;
  confidence: number;
}

/** Finds the one-time code in a text, or answers null; a text without one is still forwarded whole. */
export abstract class CodeExtractor {
  abstract extract(text: string, sender?: string): ExtractedCode | null;
}
