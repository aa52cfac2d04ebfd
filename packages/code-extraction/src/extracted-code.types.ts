/** The one-time code found in a message. */
export interface ExtractedCode {
  /** The code as the message displays it (separators kept), without a vendor label such as `G-`. */
  code: string;
  /** Who the code is for: the origin's host for an origin-bound line, else the vendor's name when known. */
  service?: string;
  /** 0..1: about 0.99 for an origin-bound line, 0.96 for a known vendor format, 0.5 to 0.94 for heuristics. */
  confidence: number;
}
