import type { ExtractedCode } from './extracted-code.types.js';

/** A vendor whose name, in the text or as the sender id, names the service a code is for. */
interface Vendor {
  service: string;
  /** The vendor's name as its messages write it. */
  name: RegExp;
  /** Its alphanumeric sender ids ("AMAZON", "AX-HDFCBK", "Google"), when they differ from `name`. */
  sender?: RegExp;
}

const VENDORS: readonly Vendor[] = [
  { service: 'Google', name: /\bgoogle\b/i },
  { service: 'Microsoft', name: /\bmicrosoft\b/i, sender: /microsoft|msft/i },
  { service: 'Apple', name: /\bapple\b/i },
  { service: 'Amazon', name: /\bamazon\b/i, sender: /amazon|amzn/i },
  { service: 'PayPal', name: /\bpaypal\b/i },
  { service: 'Stripe', name: /\bstripe\b/i },
  { service: 'GitHub', name: /\bgithub\b/i },
  { service: 'Slack', name: /\bslack\b/i },
  { service: 'Steam', name: /\bsteam\b/i },
  { service: 'WhatsApp', name: /\bwhatsapp\b/i },
  { service: 'Telegram', name: /\btelegram\b/i },
  { service: 'Facebook', name: /\bfacebook\b/i, sender: /facebook|^fb$|-fb/i },
  { service: 'Instagram', name: /\binstagram\b/i },
  { service: 'X', name: /\btwitter\b|\bX(?= (?:verification|confirmation|authentication) code)/i },
  { service: 'Uber', name: /\buber\b/i },
  { service: 'Lyft', name: /\blyft\b/i },
  { service: 'Airbnb', name: /\bairbnb\b/i },
  { service: 'Discord', name: /\bdiscord\b/i },
  { service: 'TikTok', name: /\btiktok\b/i },
  { service: 'Snapchat', name: /\bsnapchat\b/i },
  { service: 'LinkedIn', name: /\blinkedin\b/i },
  { service: 'Netflix', name: /\bnetflix\b/i },
  { service: 'Coinbase', name: /\bcoinbase\b/i },
  { service: 'Binance', name: /\bbinance\b/i },
  { service: 'Revolut', name: /\brevolut\b/i },
  { service: 'Wise', name: /\bwise\b(?= (?:verification|security|code|:))/i },
  { service: 'Monzo', name: /\bmonzo\b/i },
  { service: 'Chase', name: /\bchase\b(?=:| bank| online| mobile)/i },
  { service: 'Bank of America', name: /\bbank of america\b|\bbofa\b/i },
  { service: 'Wells Fargo', name: /\bwells fargo\b/i },
  { service: 'Capital One', name: /\bcapital one\b/i },
  { service: 'Citi', name: /\bciti(?:bank)?\b/i },
  { service: 'HSBC', name: /\bhsbc\b/i },
  { service: 'Barclays', name: /\bbarclays\b/i },
  { service: 'Santander', name: /\bsantander\b/i },
  { service: 'BBVA', name: /\bbbva\b/i },
  { service: 'Nubank', name: /\bnubank\b/i },
  { service: 'Itaú', name: /\bita[uú]\b/i },
  { service: 'Bradesco', name: /\bbradesco\b/i },
  { service: 'HDFC Bank', name: /\bhdfc\b/i, sender: /hdfc/i },
  { service: 'ICICI Bank', name: /\bicici\b/i, sender: /icici/i },
  { service: 'SBI', name: /\bsbi\b/i, sender: /sbi/i },
  { service: 'Paytm', name: /\bpaytm\b/i },
  { service: 'Sberbank', name: /сбер|\bsber/i, sender: /^900$|sber/i },
  { service: 'T-Bank', name: /т-банк|тинькофф|\btinkoff\b|\bt-bank\b/i },
  { service: 'Yandex', name: /яндекс|\byandex\b/i },
  { service: 'VK', name: /вконтакте|\bvk\b/i },
  { service: 'Monobank', name: /monobank|монобанк/i },
  { service: 'PrivatBank', name: /приватбанк|privatbank|privat24/i },
  { service: 'WeChat', name: /微信|\bwechat\b/i },
  { service: 'Alipay', name: /支付宝|\balipay\b/i },
  { service: 'Tencent', name: /腾讯|\btencent\b/i },
  { service: 'Taobao', name: /淘宝|\btaobao\b/i },
  { service: 'LINE', name: /\bLINE\b/ },
  { service: 'Kakao', name: /카카오|\bkakao\b/i },
  { service: 'Naver', name: /네이버|\bnaver\b/i },
  { service: 'Coupang', name: /쿠팡|\bcoupang\b/i },
  { service: 'Rakuten', name: /楽天|\brakuten\b/i },
  { service: 'Yahoo', name: /\byahoo\b/i },
  { service: 'Dropbox', name: /\bdropbox\b/i },
  { service: 'Signal', name: /\bsignal\b(?= (?:registration|verification)| code|:)/i },
  { service: 'Viber', name: /\bviber\b/i },
  { service: 'Zalo', name: /\bzalo\b/i },
  { service: 'Grab', name: /\bgrab\b(?=:| code| verification)/i },
  { service: 'Gojek', name: /\bgojek\b/i },
  { service: 'Tokopedia', name: /\btokopedia\b/i },
  { service: 'Shopee', name: /\bshopee\b/i },
  { service: 'Mercado Libre', name: /mercado ?libre|mercado ?pago/i },
  { service: 'Trendyol', name: /\btrendyol\b/i },
  { service: 'Allegro', name: /\ballegro\b/i },
  { service: 'Bolt', name: /\bbolt\b(?=:| code| verification)/i },
  { service: 'Venmo', name: /\bvenmo\b/i },
  { service: 'DoorDash', name: /\bdoordash\b/i },
  { service: 'Fiverr', name: /\bfiverr\b/i },
  { service: 'Gosuslugi', name: /госуслуг/i },
];

/** The same names, global, for finding every mention in a text. */
const NAMES_IN_TEXT = VENDORS.map((vendor) => ({
  service: vendor.service,
  name: new RegExp(vendor.name.source, `${vendor.name.flags}g`),
}));

/** The vendor a sender id names ("AMAZON", "VM-ICICIB", Sberbank's short code 900); a phone number names none. */
export function vendorOfSender(sender: string | undefined): string | undefined {
  if (!sender) return undefined;
  for (const vendor of VENDORS) {
    if ((vendor.sender ?? vendor.name).test(sender)) return vendor.service;
  }
  return undefined;
}

/** Nothing, or an opening bracket: "BofA: ...", "[TikTok] ...", "【腾讯科技】...". */
const OPENS_THE_MESSAGE = /^\s*[[【(]?\s*$/;

/**
 * The vendor that opens the message ("BofA: ..."), else the one named nearest to the code (within 80
 * characters), skipping a name right after "at ": in "OTP for txn at AMAZON on HDFC Bank card" the
 * merchant is not who sent the code.
 */
export function vendorNamedNear(text: string, position: number): string | undefined {
  let best: { service: string; distance: number } | undefined;
  for (const vendor of NAMES_IN_TEXT) {
    for (const match of text.matchAll(vendor.name)) {
      if (/\bat\s$/i.test(text.slice(Math.max(0, match.index - 3), match.index))) continue;
      const distance = OPENS_THE_MESSAGE.test(text.slice(0, match.index))
        ? 0
        : Math.abs(match.index - position);
      if (distance <= 80 && (!best || distance < best.distance)) best = { service: vendor.service, distance };
    }
  }
  return best?.service;
}

/**
 * Formats one vendor writes and a generic reading would get wrong or not find: a label before the code
 * (G-, FB-), a dashed or spaced code, letters-only codes (Steam Guard, Slack). `requires` is a name the
 * text or the sender must contain, so that a lookalike from someone else is read by the heuristics.
 */
interface VendorFormat {
  service: string;
  code: RegExp;
  requires?: RegExp;
}

const FORMATS: readonly VendorFormat[] = [
  { service: 'Google', code: /(?<![A-Za-z0-9])G-(?<code>\d{6})(?![\d-])/, requires: /google/i },
  { service: 'Facebook', code: /(?<![A-Za-z0-9])FB-(?<code>\d{5,8})(?![\d-])/ },
  {
    service: 'Microsoft',
    code: /\bUse (?<code>\d{4,8}) as (?:your )?Microsoft account (?:security|verification) code/i,
  },
  {
    service: 'WhatsApp',
    code: /(?<![\d-])(?<code>\d{3}-\d{3})(?![\d-])/,
    requires: /whatsapp/i,
  },
  {
    service: 'Telegram',
    code: /\b(?:Login|Telegram) code:? (?<code>\d{5,6})\b/i,
    requires: /telegram/i,
  },
  {
    service: 'Steam',
    code: /\bSteam\b[^\n]{0,40}?\b[Cc]ode(?: is)?:? ?(?<code>[2-9BCDFGHJKMNPQRTVWXY]{5})\b/,
  },
  { service: 'Slack', code: /\bSlack confirmation code:? (?<code>[A-Z0-9]{3}-[A-Z0-9]{3})\b/ },
  {
    service: 'Instagram',
    code: /(?<!\d ?)(?<code>\d{3} \d{3})(?! ?\d)[^\n]{0,40}?\bInstagram\b|\bInstagram[^\n]{0,40}?(?<!\d ?)(?<code2>\d{3} \d{3})(?! ?\d)/,
  },
  {
    service: 'Amazon',
    code: /\b(?<code>\d{6}) is your Amazon (?:OTP|one[- ]time password|verification code)\b/i,
  },
  {
    service: 'Apple',
    code: /\bYour Apple (?:ID |Account )?(?:code|verification code) is:? (?<code>\d{6})\b/i,
  },
  { service: 'GitHub', code: /\b(?<code>\d{6}) is your GitHub (?:authentication|verification) code\b/i },
];

export function vendorFormatCode(text: string, sender: string | undefined): ExtractedCode | null {
  const withSender = sender ? `${text}\n${sender}` : text;
  for (const format of FORMATS) {
    if (format.requires && !format.requires.test(withSender)) continue;
    const match = format.code.exec(text);
    const code = match?.groups?.code ?? match?.groups?.code2;
    if (code) return { code, service: format.service, confidence: 0.96 };
  }
  return null;
}
