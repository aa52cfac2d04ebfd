// The words that label a one-time code, and the words that label numbers which are not one.
// Each entry is a regular-expression fragment; `<` asks for no letter before it, `>` for no letter
// after it (Latin and Cyrillic words, so that "pin" does not match "shipping"). CJK, Arabic and
// Devanagari entries are written bare: those scripts join words without spaces or with prefixes.

type Entry = string;

/** Words that only one-time codes come with. */
const STRONG: readonly Entry[] = [
  // English
  '<verif',
  '<authenticat',
  '<auth code',
  '<otp>',
  '<passcode',
  '<one[- ]time',
  '<2fa>',
  '<two[- ]factor',
  '<security code',
  '<sign[- ]?in code',
  '<log[- ]?in code',
  '<access code',
  '<confirmation code',
  '<temporary code',
  // Spanish, Portuguese, Italian
  '<verificaci[oó]n',
  '<verifica[cç][aã]o',
  '<autentica',
  '<c[oó]digo de (?:seguridad|seguran[cç]a|acceso|acesso|confirmaci[oó]n|confirma[cç][aã]o)',
  '<codice di (?:verifica|sicurezza|accesso|conferma)',
  '<clave din[aá]mica',
  // French
  '<v[eé]rification',
  '<code de (?:s[eé]curit[eé]|confirmation|connexion)',
  '<code (?:unique|temporaire)',
  // German
  '<best[aä]tigungs',
  '<sicherheitscode',
  '<einmal',
  '<anmeldecode',
  '<tan>',
  '<mtan>',
  '<smstan>',
  // Dutch
  '<verificatie',
  '<inlogcode',
  '<beveiligingscode',
  // Polish
  '<weryfikac',
  '<jednorazow',
  '<uwierzytelni',
  // Turkish
  '<do[gğ]rulama',
  '<tek kullan[ıi]ml[ıi]k',
  // Russian, Ukrainian
  '<подтвержд',
  '<проверочн',
  '<одноразов',
  '<підтвердж',
  '<перевірк',
  '<верифікац',
  // Chinese
  '验证码',
  '驗證碼',
  '校验码',
  '校驗碼',
  '动态码',
  '動態碼',
  '动态密码',
  '认证码',
  '認證碼',
  '确认码',
  '確認碼',
  '授权码',
  // Japanese
  '認証',
  '確認コード',
  '確認番号',
  'ワンタイム',
  'パスコード',
  // Korean
  '인증',
  '확인번호',
  '확인 코드',
  // Arabic
  'التحقق',
  'تحقق',
  'التفعيل',
  'لمرة واحدة',
  // Hindi
  'सत्यापन',
  'ओटीपी',
  // Vietnamese
  '<x[aá]c (?:th[uự]c|minh|nh[aậ]n)',
  // Indonesian
  '<verifikasi',
  '<kode rahasia',
];

/** Words for "code", "password", "PIN", "token": codes come with them, but so do other things. */
const WEAK: readonly Entry[] = [
  'code', // also the tail of compounds: Bestätigungscode, inlogcode, verificatiecode
  '<c[oó]digo',
  '<codice',
  '<kod', // kod, kodu, kodunuz, kodem
  '<kode',
  '<код',
  '<pin>',
  '<password',
  '<passwort',
  '<kennwort',
  '<wachtwoord',
  '<senha',
  '<contrase[nñ]a',
  '<clave>',
  '<mot de passe',
  '<has[lł]o',
  '<[sş]ifre',
  '<пароль',
  '<token',
  '<sandi',
  '<m[aã]>',
  '密码',
  '密碼',
  '口令',
  'コード',
  'パスワード',
  '暗証番号',
  '코드',
  '비밀번호',
  'رمز',
  'كود',
  'कोड',
  'पासवर्ड',
];

/** Labels of numbers that are not codes: orders, parcels, references, accounts, cards, balances. */
const NEGATIVE: readonly Entry[] = [
  '<order',
  '<tracking',
  '<track',
  '<ref>',
  '<ref\\.',
  '<reference',
  '<invoice',
  '<acct',
  '<a/c',
  '<account',
  '<card',
  '<balance',
  '<booking',
  '<reservation',
  '<ticket',
  '<transaction',
  '<txn',
  '<flight',
  '<parcel',
  '<package',
  '<shipment',
  '<customer (?:no|number|id)',
  '<member(?:ship)? (?:no|number|id)',
  '<policy',
  '<case',
  '<claim',
  '<postcode',
  '<zip',
  '<pedido',
  '<encomenda',
  '<env[ií]o',
  '<rastreio',
  '<referencia',
  '<cuenta',
  '<conta>',
  '<tarjeta',
  '<cart[aã]o',
  '<saldo',
  '<reserva',
  '<commande',
  '<colis',
  '<r[eé]f[eé]rence',
  '<compte',
  '<carte',
  '<solde',
  '<bestell',
  '<sendung',
  '<konto',
  '<karte',
  '<rechnung',
  '<ordine',
  '<spedizione',
  '<riferimento',
  '<fattura',
  '<bestelling',
  '<zending',
  '<заказ',
  '<посылк',
  '<отправлени',
  '<счет',
  '<сч[её]т',
  '<карт',
  '<баланс',
  '<замовлен',
  '<рахун',
  '<zam[oó]wieni',
  '<przesy[lł]k',
  '<rachun',
  '<sipari[sş]',
  '<kargo',
  '<hesab',
  '<bakiye',
  '订单',
  '訂單',
  '快递',
  '运单',
  '余额',
  '账户',
  '注文',
  '配送',
  '残高',
  '口座',
  '주문',
  '운송장',
  '택배',
  '잔액',
  '계좌',
  'طلب',
  'شحن',
  'رصيد',
  'حساب',
  'ऑर्डर',
  'खाता',
  '<đơn hàng',
  '<s[oố] d[uư]',
  '<t[aà]i kho[aả]n',
  '<pesanan',
  '<resi>',
  '<rekening',
];

/** Marketing: a "code" in a message with these is a promotion, unless the message also has a STRONG word. */
const PROMOTION: readonly Entry[] = [
  '<promo',
  '<coupon',
  '<cup[oó]n',
  '<cupom',
  '<discount',
  '<descuento',
  '<desconto',
  '<rabatt',
  '<remise',
  '<sconto',
  '<korting',
  '<скидк',
  '<знижк',
  '<indirim',
  '<voucher',
  '<gutschein',
  '% off',
  '<sale>',
  '<offer',
  '<oferta',
  '折扣',
  '优惠',
  '割引',
  '할인',
  'خصم',
];

function compile(entries: readonly Entry[]): RegExp {
  const alternatives = entries.map((entry) => {
    let source = entry;
    let before = '';
    let after = '';
    if (source.startsWith('<')) {
      source = source.slice(1);
      before = '(?<!\\p{L})';
    }
    if (source.endsWith('>')) {
      source = source.slice(0, -1);
      after = '(?!\\p{L})';
    }
    return `${before}(?:${source})${after}`;
  });
  return new RegExp(alternatives.join('|'), 'giu');
}

export const STRONG_WORDS = compile(STRONG);
export const WEAK_WORDS = compile(WEAK);
export const NEGATIVE_WORDS = compile(NEGATIVE);
export const PROMOTION_WORDS = compile(PROMOTION);
