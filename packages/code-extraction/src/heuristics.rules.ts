import { NEGATIVE_WORDS, PROMOTION_WORDS, STRONG_WORDS, WEAK_WORDS } from './keywords.rules.js';

// The generic reading: candidates (4 to 8 digits; 5 to 10 upper-case letters and digits; two dashed
// groups such as 123-456 or AB3-9XK; two spaced groups of three digits) that are not part of an amount,
// a date, a time, a phone number, a percentage or a link; then each label word binds the nearest
// candidate in its sentence. "order", "card", "balance" (NEGATIVE) bind first and rule their candidate
// out; "code", "OTP" (WEAK, STRONG) then bind the nearest candidate left, after the word before before
// it. The best-scored candidate wins; two different codes scored alike are a tie, and a tie is null.
// A sentence with a promotion word ("20% off", "promo") holds no code; a message with one and without a
// word specific to one-time codes holds none at all.

export interface HeuristicMatch {
  code: string;
  /** Where the code starts in the text, for naming the vendor nearest to it. */
  position: number;
  confidence: number;
}

type Shape = 'digits' | 'alphanumeric' | 'dashed' | 'spaced';

interface Candidate {
  start: number;
  end: number;
  code: string;
  shape: Shape;
  yearLike: boolean;
  ruledOut: boolean;
  score: number;
}

interface Label {
  start: number;
  end: number;
  strength: number;
}

const STRONG = 0.88;
const WEAK = 0.78;
/** How far (characters between) a label reaches after itself, and before itself. */
const REACH_AFTER = 100;
const REACH_BEFORE = 40;
const NEGATIVE_REACH = 25;

/** Non-ASCII digits (Arabic-Indic, Persian, Devanagari, full-width) as ASCII; one code unit each, so positions hold. */
const DIGIT_BLOCKS = [0x0660, 0x06f0, 0x0966, 0xff10];

export function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9\u0966-\u096F\uFF10-\uFF19]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const block = DIGIT_BLOCKS.find((start) => code >= start && code <= start + 9) ?? code;
    return String(code - block);
  });
}

/** Links and e-mail addresses blanked out (same length): "v.whatsapp.com/123456" holds no code to read. */
function withoutLinks(text: string): string {
  return text.replace(/\S+/g, (word) =>
    word.includes('://') ||
    /^www\./i.test(word) ||
    /[A-Za-z0-9]\.[A-Za-z]{2,}\//.test(word) ||
    /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}/.test(word)
      ? ' '.repeat(word.length)
      : word,
  );
}

const TOKEN = /[A-Za-z0-9]+(?:[-\u2010\u2011][A-Za-z0-9]+)*/g;
const CURRENCY_BEFORE =
  /(?:[$€£¥₹₽₩₺]|(?<![A-Za-z])(?:usd|eur|gbp|inr|rs\.?|rp\.?|r\$|idr|brl|mxn|rub|uah|pln|try|vnd|cny|rmb|jpy|krw|aed|sar|egp|chf|cad|aud))\s?$/i;
const CURRENCY_OR_UNIT_AFTER =
  /^\s?(?:[$€£¥₹₽₩₺元円원đ]|(?:usd|eur|gbp|inr|rub|руб|грн|uah|zł|zl|pln|tl|try|vnd|dong|idr|rupiah|brl|reais|dollars?|euros?|yen|won|points?|pts|miles|gb|mb|kb|km|kg|ريال|جنيه|درهم|रुपये)(?![\p{L}\p{M}]))/iu;
const TIME_OR_UNIT = /^\d+(?:AM|PM|H|HRS?|MINS?|SEC|S|GB|MB|KB|KM|KG|X|ST|ND|RD|TH)$/i;
const CURRENCY_PREFIXED = /^(?:USD|EUR|GBP|INR|RS|IDR|BRL|RUB|UAH|PLN|TRY|VND|CNY|JPY|KRW)\d/;

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

function shapeOf(token: string): Shape | null {
  const parts = token.split(/[-\u2010\u2011]/);
  if (parts.length === 2) {
    const [first = '', second = ''] = parts;
    const allDigits = /^\d+$/.test(first) && /^\d+$/.test(second);
    if (allDigits)
      return first.length === second.length && first.length >= 3 && first.length <= 4 ? 'dashed' : null;
    const fits = (part: string) => /^[A-Z0-9]{3,4}$/.test(part);
    return fits(first) && fits(second) && /\d/.test(token) ? 'dashed' : null;
  }
  if (parts.length > 2) return null;
  if (/^\d{4,8}$/.test(token)) return 'digits';
  if (token.length < 5 || token.length > 10 || !/\d/.test(token) || !/[A-Za-z]/.test(token)) return null;
  if (TIME_OR_UNIT.test(token) || CURRENCY_PREFIXED.test(token) || /^X{2,}/i.test(token)) return null;
  return 'alphanumeric';
}

/** A number that is part of something else: a phone number, an amount, a date or time, a percentage. */
function partOfSomethingElse(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  const beforeThat = text[start - 2];
  const after = text[end];
  const afterThat = text[end + 1];
  if (before === '+' || before === '*' || before === ')' || (before === ' ' && beforeThat === ')'))
    return true;
  if (before !== undefined && '.,:/'.includes(before) && isDigit(beforeThat)) return true;
  if (after !== undefined && '.,:/'.includes(after) && isDigit(afterThat)) return true;
  if (after === '%' || (after === ' ' && afterThat === '%')) return true;
  if ((before === ' ' && isDigit(beforeThat)) || (after === ' ' && isDigit(afterThat))) return true;
  if (CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 5), start))) return true;
  return CURRENCY_OR_UNIT_AFTER.test(text.slice(end, end + 10));
}

function candidatesIn(text: string): Candidate[] {
  const tokens = [...text.matchAll(TOKEN)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    token: match[0],
  }));
  const candidates: Candidate[] = [];
  const add = (start: number, end: number, shape: Shape) => {
    if (partOfSomethingElse(text, start, end)) return;
    const code = text.slice(start, end);
    candidates.push({
      start,
      end,
      code,
      shape,
      yearLike: /^(?:19|20)\d{2}$/.test(code),
      ruledOut: false,
      score: 0,
    });
  };
  for (let index = 0; index < tokens.length; index += 1) {
    const current = tokens[index];
    if (!current) continue;
    const next = tokens[index + 1];
    if (
      next &&
      /^\d{3}$/.test(current.token) &&
      /^\d{3}$/.test(next.token) &&
      next.start === current.end + 1 &&
      text[current.end] === ' '
    ) {
      add(current.start, next.end, 'spaced');
      index += 1;
      continue;
    }
    const shape = shapeOf(current.token);
    if (shape) add(current.start, current.end, shape);
  }
  return candidates;
}

function labelsIn(text: string, words: RegExp, strength: number): Label[] {
  return [...text.matchAll(words)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    strength,
  }));
}

const ONLY_PUNCTUATION = /^[\s:：\-–—=>#[\]【】「」『』"'«»()（）*.,，、]*$/u;
/** A full stop ends a sentence before a capital or another script, not before a digit ("Rs. 4,599") or a lower-case word. */
const SENTENCE_END = /[.!?](?=\s+[^\s\da-z]|$)|[。！？।]|[\n\r]/u;

const SENTENCE_ENDS = new RegExp(SENTENCE_END.source, 'gu');

/** A label and a candidate belong together when no sentence ends between them. */
function sameSentence(gap: string): boolean {
  return ONLY_PUNCTUATION.test(gap) || !SENTENCE_END.test(gap);
}

/** The sentence a position is in, as [start, end). */
function sentenceAround(text: string, position: number): [number, number] {
  let start = 0;
  for (const end of text.matchAll(SENTENCE_ENDS)) {
    if (end.index >= position) return [start, end.index];
    start = end.index + end[0].length;
  }
  return [start, text.length];
}

function labelBetween(labels: readonly Label[], from: number, to: number): boolean {
  return labels.some((label) => label.start >= from && label.end <= to);
}

const SHAPE_PENALTY: Record<Shape, number> = { digits: 0, dashed: 0.02, alphanumeric: 0.04, spaced: 0.06 };

/** The score of the candidate a code label binds, or null when it may not bind it. */
function bind(text: string, label: Label, candidate: Candidate): number | null {
  const after = candidate.start >= label.end;
  const gap = after ? text.slice(label.end, candidate.start) : text.slice(candidate.end, label.start);
  if (!sameSentence(gap)) return null;
  if (gap.length > (after ? REACH_AFTER : REACH_BEFORE)) return null;
  if (candidate.yearLike && !(after && gap.length <= 4)) return null;
  if (candidate.shape === 'alphanumeric' && /[a-z]/.test(candidate.code) && !(after && gap.length <= 4)) {
    return null;
  }
  return label.strength - gap.length * (after ? 0.003 : 0.004) - SHAPE_PENALTY[candidate.shape];
}

export function heuristicCode(original: string): HeuristicMatch | null {
  if (!/\d/.test(original)) return null; // every candidate has a digit
  const text = withoutLinks(original);
  const candidates = candidatesIn(text);
  if (candidates.length === 0) return null;
  const strong = labelsIn(text, STRONG_WORDS, STRONG);
  const codeLabels = [...strong, ...labelsIn(text, WEAK_WORDS, WEAK)];
  if (codeLabels.length === 0) return null;
  if (strong.length === 0 && text.search(PROMOTION_WORDS) !== -1) return null;

  for (const promotion of text.matchAll(PROMOTION_WORDS)) {
    const [from, to] = sentenceAround(text, promotion.index);
    for (const candidate of candidates) {
      if (candidate.start >= from && candidate.end <= to) candidate.ruledOut = true;
    }
  }

  for (const negative of labelsIn(text, NEGATIVE_WORDS, 0)) {
    const candidate = candidates.find((each) => each.start >= negative.end);
    if (!candidate) continue;
    const gap = text.slice(negative.end, candidate.start);
    if (
      gap.length <= NEGATIVE_REACH &&
      sameSentence(gap) &&
      !labelBetween(codeLabels, negative.end, candidate.start)
    ) {
      candidate.ruledOut = true;
    }
  }

  for (const label of codeLabels) {
    const open = candidates.filter((candidate) => !candidate.ruledOut);
    const following = open.filter((candidate) => candidate.start >= label.end);
    const preceding = open.filter((candidate) => candidate.end <= label.start).reverse();
    for (const side of [following, preceding]) {
      const nearest = side.find((candidate) => bind(text, label, candidate) !== null);
      const score = nearest ? bind(text, label, nearest) : null;
      if (nearest && score !== null) {
        nearest.score = Math.max(nearest.score, score);
        break;
      }
    }
  }

  const ranked = candidates.filter((candidate) => candidate.score > 0).sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best || best.score < 0.5) return null;
  const rival = ranked.find((candidate) => candidate.code !== best.code);
  if (rival && best.score - rival.score < 0.02) return null;
  return { code: best.code, position: best.start, confidence: best.score };
}
