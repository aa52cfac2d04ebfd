// The specification of extractCode as a table: real-world message shapes (modelled on what these
// vendors and banks send) and the answer each must give. `expected: null` means "no code": the message
// has none, or reading one would be a guess. To add a case, append it to the list it belongs to.

export interface ExtractionCase {
  /** What the case is about, as the test title shows it. */
  name: string;
  text: string;
  sender?: string;
  /** The code as displayed and the service (absent when none is named), or null for no code. */
  expected: { code: string; service?: string } | null;
}

const originBound: ExtractionCase[] = [
  {
    name: 'origin-bound line after an English text',
    text: 'Your Example code is 123456.\n\n@example.com #123456',
    expected: { code: '123456', service: 'example.com' },
  },
  {
    name: 'Apple origin-bound line with its %host part',
    text: "Your Apple Account code is: 482915. Don't share it with anyone.\n\n@apple.com #482915 %apple.com",
    expected: { code: '482915', service: 'apple.com' },
  },
  {
    name: 'GitHub origin-bound line',
    text: '102938 is your GitHub authentication code.\n\n@github.com #102938',
    expected: { code: '102938', service: 'github.com' },
  },
  {
    name: 'origin-bound line for an embedded iframe names the top-level host',
    text: '747723 is your ExamplePay authentication code.\n\n@shop.example #747723 @pay.example',
    expected: { code: '747723', service: 'shop.example' },
  },
  {
    name: 'origin-bound line with %# and an iframe host',
    text: 'Confirm your payment with 590321.\n@top.example %#590321 @iframe.example',
    expected: { code: '590321', service: 'top.example' },
  },
  {
    name: 'origin-bound alphanumeric dashed code',
    text: 'Your sign-in code is K7D-2QP\n\n@accounts.example.org #K7D-2QP',
    expected: { code: 'K7D-2QP', service: 'accounts.example.org' },
  },
  {
    name: 'origin-bound line followed by a trailing newline',
    text: 'Use 309812 to sign in to Acme.\n@acme.io #309812\n',
    expected: { code: '309812', service: 'acme.io' },
  },
  {
    name: 'origin-bound line wins over an order number and an amount',
    text: 'Order #55123, total $49.99. Verification code 771204.\n\n@shop.example.com #771204',
    expected: { code: '771204', service: 'shop.example.com' },
  },
  {
    name: 'origin-bound host is lower-cased',
    text: 'Your code: 443322\n@Login.Example.COM #443322',
    expected: { code: '443322', service: 'login.example.com' },
  },
  {
    name: 'origin-bound line after a Spanish text',
    text: 'Código de verificación: 551872\n\n@banco.example.es #551872',
    expected: { code: '551872', service: 'banco.example.es' },
  },
  {
    name: 'origin-bound line alone',
    text: '@app.example.net #8812',
    expected: { code: '8812', service: 'app.example.net' },
  },
  {
    name: 'an @host #number line that is not the last line is not origin-bound',
    text: '@example.com #123456\nThanks for shopping with us',
    expected: null,
  },
  {
    name: 'an @host without a dot is not an origin',
    text: 'Ping @example #123456',
    expected: null,
  },
];

const vendors: ExtractionCase[] = [
  {
    name: 'Google G- code drops the G- label',
    text: 'G-482915 is your Google verification code.',
    sender: '22000',
    expected: { code: '482915', service: 'Google' },
  },
  {
    name: 'Google G- code in Spanish',
    text: 'G-731904 es tu código de verificación de Google.',
    expected: { code: '731904', service: 'Google' },
  },
  {
    name: 'Google G- code recognised by the sender id',
    text: 'G-204751 is your verification code.',
    sender: 'Google',
    expected: { code: '204751', service: 'Google' },
  },
  {
    name: 'Google verification code sentence',
    text: 'Your Google verification code is 583920',
    expected: { code: '583920', service: 'Google' },
  },
  {
    name: 'Facebook FB- code drops the FB- label',
    text: 'FB-48213 is your Facebook confirmation code',
    expected: { code: '48213', service: 'Facebook' },
  },
  {
    name: 'Facebook password reset code',
    text: '482139 is your Facebook password reset code',
    sender: '32665',
    expected: { code: '482139', service: 'Facebook' },
  },
  {
    name: 'Microsoft account security code',
    text: 'Use 8325 as Microsoft account security code',
    expected: { code: '8325', service: 'Microsoft' },
  },
  {
    name: 'Microsoft verification code with a 7-digit code',
    text: 'Your Microsoft verification code is 4829103.',
    expected: { code: '4829103', service: 'Microsoft' },
  },
  {
    name: 'Apple ID code without an origin-bound line',
    text: 'Your Apple ID Code is: 628491. Do not share it with anyone.',
    expected: { code: '628491', service: 'Apple' },
  },
  {
    name: 'Amazon OTP',
    text: '482913 is your Amazon OTP. Do not share it with anyone.',
    sender: 'AMAZON',
    expected: { code: '482913', service: 'Amazon' },
  },
  {
    name: 'Amazon OTP from an Indian sender id',
    text: "123456 is your Amazon OTP. Don't share it with anyone.",
    sender: 'VM-AMAZON',
    expected: { code: '123456', service: 'Amazon' },
  },
  {
    name: 'Amazon verification code with a warning',
    text: "Your Amazon verification code is 882104. Don't share this code with anyone; our employees will never ask for the code.",
    expected: { code: '882104', service: 'Amazon' },
  },
  {
    name: 'GitHub authentication code',
    text: '482019 is your GitHub authentication code.',
    expected: { code: '482019', service: 'GitHub' },
  },
  {
    name: 'Slack dashed digit code keeps the dash',
    text: 'Slack confirmation code: 394-178',
    expected: { code: '394-178', service: 'Slack' },
  },
  {
    name: 'Slack dashed alphanumeric code',
    text: 'Slack confirmation code: HWQ-7TK',
    expected: { code: 'HWQ-7TK', service: 'Slack' },
  },
  {
    name: 'Stripe verification code',
    text: "Your Stripe verification code is: 482916. Don't share this code with anyone.",
    expected: { code: '482916', service: 'Stripe' },
  },
  {
    name: 'Stripe Link code names no known vendor',
    text: "Your Link verification code is 302918. Don't share it.",
    expected: { code: '302918' },
  },
  {
    name: 'Steam Guard code of five letters',
    text: 'Your Steam Guard code is: VNKRP',
    expected: { code: 'VNKRP', service: 'Steam' },
  },
  {
    name: 'Steam Guard code of letters and digits',
    text: 'Steam Guard code: 4XK7B\nIf you did not request this, please ignore.',
    expected: { code: '4XK7B', service: 'Steam' },
  },
  {
    name: 'Steam phone verification code',
    text: 'Your Steam verification code is: 6G3FH',
    expected: { code: '6G3FH', service: 'Steam' },
  },
  {
    name: 'Steam code of five letters is not read from another sender',
    text: 'Your Acme code is: VNKRP',
    expected: null,
  },
  {
    name: 'WhatsApp code keeps the dash and ignores the number in the link',
    text: "Your WhatsApp code: 423-819\n\nYou can also tap on this link to verify your phone: v.whatsapp.com/423819\n\nDon't share this code with others",
    expected: { code: '423-819', service: 'WhatsApp' },
  },
  {
    name: 'WhatsApp code with the Android app hash',
    text: "<#> Your WhatsApp code: 610-442\nDon't share this code with others\n4sgLq1p5sV6",
    expected: { code: '610-442', service: 'WhatsApp' },
  },
  {
    name: 'WhatsApp Business code',
    text: "WhatsApp Business code 882-004\nDon't share this code with others",
    expected: { code: '882-004', service: 'WhatsApp' },
  },
  {
    name: 'Telegram code with a login link',
    text: 'Telegram code: 72810\n\nYou can also tap on this link to log in:\nhttps://t.me/login/72810\n\nDo not give this code to anyone, even if they say they are from Telegram!',
    expected: { code: '72810', service: 'Telegram' },
  },
  {
    name: 'Telegram login code',
    text: 'Login code: 51284. Do not give this code to anyone, even if they say they are from Telegram!',
    expected: { code: '51284', service: 'Telegram' },
  },
  {
    name: 'Telegram code in Russian',
    text: 'Код подтверждения Telegram: 39201. Никому не сообщайте этот код.',
    expected: { code: '39201', service: 'Telegram' },
  },
  {
    name: 'Instagram spaced code keeps the space',
    text: "123 456 is your Instagram code. Don't share it.",
    expected: { code: '123 456', service: 'Instagram' },
  },
  {
    name: 'Instagram spaced code before its verify sentence',
    text: 'Use 482 915 to verify your Instagram account.',
    expected: { code: '482 915', service: 'Instagram' },
  },
  {
    name: 'X confirmation code of lower-case letters and digits',
    text: 'Your X confirmation code is 4mdz9k2q',
    expected: { code: '4mdz9k2q', service: 'X' },
  },
  {
    name: 'Twitter confirmation code',
    text: 'Your Twitter confirmation code is 485912.',
    expected: { code: '485912', service: 'X' },
  },
  {
    name: 'Uber code with an opt-out keyword',
    text: 'Your Uber code: 4829. Never share this code. Reply STOP ABC to unsubscribe.',
    expected: { code: '4829', service: 'Uber' },
  },
  {
    name: 'Lyft code',
    text: 'Your Lyft code is 4829',
    expected: { code: '4829', service: 'Lyft' },
  },
  {
    name: 'Airbnb verification code',
    text: "Your Airbnb verification code is: 381920. Don't share this code with anyone else.",
    expected: { code: '381920', service: 'Airbnb' },
  },
  {
    name: 'Discord security code',
    text: 'Your Discord security code is: 493021',
    expected: { code: '493021', service: 'Discord' },
  },
  {
    name: 'TikTok code in brackets with a validity in minutes',
    text: '[TikTok] 482915 is your verification code, valid for 5 minutes. To keep your account safe, never forward this code.',
    expected: { code: '482915', service: 'TikTok' },
  },
  {
    name: 'LinkedIn verification code',
    text: 'Your LinkedIn verification code is 482910.',
    expected: { code: '482910', service: 'LinkedIn' },
  },
  {
    name: 'PayPal security code',
    text: "PayPal: Your security code is 482917. Your code expires in 10 minutes. Please don't reply.",
    expected: { code: '482917', service: 'PayPal' },
  },
  {
    name: 'Coinbase 7-digit code',
    text: "Your Coinbase verification code is 4829106. Don't share this code with anyone; Coinbase will never call you.",
    expected: { code: '4829106', service: 'Coinbase' },
  },
  {
    name: 'Binance code with a validity',
    text: '[Binance] Your verification code: 582910. The verification code will be valid for 30 minutes. Please do not share this code with anyone.',
    expected: { code: '582910', service: 'Binance' },
  },
  {
    name: 'Revolut verification code',
    text: "Revolut: your verification code is 482917. Don't share it with anyone.",
    expected: { code: '482917', service: 'Revolut' },
  },
  {
    name: 'Chase 8-digit one-time code',
    text: "Chase: Your one-time code is 48291735. Don't share it. We'll never call to ask for it. Reply STOP to cancel",
    expected: { code: '48291735', service: 'Chase' },
  },
  {
    name: 'Bank of America sign-in code after a warning',
    text: "BofA: DO NOT share this Sign In code. We will NEVER call you or text you for it. Code 482913. Reply HELP if you didn't request it.",
    expected: { code: '482913', service: 'Bank of America' },
  },
  {
    name: 'Wells Fargo code after a warning',
    text: 'Wells Fargo: NEVER share this code via call/text. ONLY use it online. Code: 582014',
    expected: { code: '582014', service: 'Wells Fargo' },
  },
  {
    name: 'Capital One temporary code',
    text: "Capital One: Your temporary code is 482019. It expires in 10 min. Don't share it with anyone.",
    expected: { code: '482019', service: 'Capital One' },
  },
  {
    name: 'Citi one-time passcode',
    text: 'Citi: Your one-time passcode is 583920. Never share it. Citi will never ask for it.',
    expected: { code: '583920', service: 'Citi' },
  },
  {
    name: 'HSBC 8-digit passcode',
    text: 'HSBC: Your one-time passcode for online banking is 48291032. Never share this code with anyone, including HSBC staff.',
    expected: { code: '48291032', service: 'HSBC' },
  },
  {
    name: 'Barclays passcode',
    text: "Barclays: your one-time passcode is 293812. We'll never ask you for this code.",
    expected: { code: '293812', service: 'Barclays' },
  },
  {
    name: 'Monzo login code',
    text: "Your Monzo login code is 382910. Don't share this with anyone.",
    expected: { code: '382910', service: 'Monzo' },
  },
  {
    name: 'Nubank code in Portuguese',
    text: 'Nubank: Seu código de verificação é 482910. Não compartilhe com ninguém.',
    expected: { code: '482910', service: 'Nubank' },
  },
  {
    name: 'Itaú code written without accents',
    text: 'Itau: o codigo de seguranca para sua transacao e 582013. Nao informe a ninguem.',
    expected: { code: '582013', service: 'Itaú' },
  },
  {
    name: 'HDFC OTP with an amount, a merchant, a card ending and a time',
    text: 'OTP is 482915 for txn of INR 2,500.00 at AMAZON on HDFC Bank card ending 4432. Valid till 12:30. Do not share OTP for security reasons.',
    sender: 'AD-HDFCBK',
    expected: { code: '482915', service: 'HDFC Bank' },
  },
  {
    name: 'ICICI OTP with an amount and a masked card',
    text: 'Dear Customer, 582910 is the OTP for your transaction of INR 1,299.00 at Flipkart on ICICI Bank Credit Card XX4021. OTP valid for 10 mins. Do not share it with anyone.',
    sender: 'VM-ICICIT',
    expected: { code: '582910', service: 'ICICI Bank' },
  },
  {
    name: 'SBI OTP at the end, after an amount and a card ending',
    text: 'OTP for online transaction of Rs. 4,599.00 at MYNTRA on your SBI Debit Card ending 8830 is 482916. Do not share OTP with anyone.',
    sender: 'SBIOTP',
    expected: { code: '482916', service: 'SBI' },
  },
  {
    name: 'Sberbank code from its short code 900',
    text: 'Код: 48291. Никому не сообщайте его. Подтвердите вход в СберБанк Онлайн.',
    sender: '900',
    expected: { code: '48291', service: 'Sberbank' },
  },
  {
    name: 'T-Bank login code in Russian',
    text: 'Код для входа в Т-Банк: 4829. Никому не говорите код, даже сотруднику банка',
    expected: { code: '4829', service: 'T-Bank' },
  },
  {
    name: 'monobank code in Ukrainian',
    text: 'Код підтвердження: 482915. Нікому не повідомляйте цей код. monobank',
    expected: { code: '482915', service: 'Monobank' },
  },
  {
    name: 'Yandex code named by the sender',
    text: 'Ваш код подтверждения: 4829. Наберите его в поле ввода.',
    sender: 'Yandex',
    expected: { code: '4829', service: 'Yandex' },
  },
  {
    name: 'VK code in Russian',
    text: 'VK: 482915 — код для входа в приложение VK. Никому не сообщайте его.',
    expected: { code: '482915', service: 'VK' },
  },
  {
    name: 'WeChat code in Chinese',
    text: '【微信】您的验证码是 482915，10分钟内有效。请勿泄露给他人。',
    expected: { code: '482915', service: 'WeChat' },
  },
  {
    name: 'Alipay code in Chinese',
    text: '【支付宝】验证码：582019，您正在进行身份验证，打死不要告诉别人哦！',
    expected: { code: '582019', service: 'Alipay' },
  },
  {
    name: 'Tencent code glued to the Chinese text',
    text: '【腾讯科技】您的验证码为834921，5分钟内有效，请勿泄露给他人。',
    expected: { code: '834921', service: 'Tencent' },
  },
  {
    name: 'Taobao login code',
    text: '【淘宝】您的验证码是 482910，用于手机号登录，5分钟内有效。',
    expected: { code: '482910', service: 'Taobao' },
  },
  {
    name: 'LINE code in Japanese',
    text: '[LINE] 認証番号：482915\nこの番号を他人に教えないでください。',
    expected: { code: '482915', service: 'LINE' },
  },
  {
    name: 'Kakao code in Korean brackets',
    text: '[Web발신]\n[카카오] 인증번호 [482915]를 입력해주세요.',
    expected: { code: '482915', service: 'Kakao' },
  },
  {
    name: 'Naver code in Korean',
    text: '[Web발신]\n[네이버] 인증번호[582013]를 입력해주세요.',
    expected: { code: '582013', service: 'Naver' },
  },
  {
    name: 'Coupang code in Korean',
    text: '[쿠팡] 인증번호는 [482019] 입니다.',
    expected: { code: '482019', service: 'Coupang' },
  },
  {
    name: 'Rakuten code in Japanese with a validity',
    text: '楽天会員ログインの認証コード：582910（有効期限10分）',
    expected: { code: '582910', service: 'Rakuten' },
  },
  {
    name: 'Shopee code in Indonesian after a warning',
    text: 'JANGAN BERIKAN kode ini kepada siapa pun, TERMASUK TIM SHOPEE. Kode verifikasi Anda: 482915',
    expected: { code: '482915', service: 'Shopee' },
  },
  {
    name: 'Tokopedia code in Indonesian',
    text: 'Tokopedia - JANGAN BERIKAN KODE INI KE SIAPAPUN termasuk pihak Tokopedia. Kode verifikasi: 5829',
    expected: { code: '5829', service: 'Tokopedia' },
  },
  {
    name: 'Gojek code with the Android app hash',
    text: '<#> Kode verifikasi GOJEK kamu: 4829. JANGAN KASIH kode ini ke siapa pun TERMASUK PIHAK GOJEK. h8Gk3TnLm2x',
    expected: { code: '4829', service: 'Gojek' },
  },
  {
    name: 'Zalo code in Vietnamese without accents',
    text: 'Ma xac thuc Zalo cua ban la 482915',
    expected: { code: '482915', service: 'Zalo' },
  },
  {
    name: 'Mercado Libre code in Spanish',
    text: 'Mercado Libre: tu código de verificación es 482915. No lo compartas con nadie.',
    expected: { code: '482915', service: 'Mercado Libre' },
  },
  {
    name: 'Trendyol code in Turkish',
    text: 'Trendyol giriş doğrulama kodunuz: 482915. Bu kodu kimseyle paylaşmayın.',
    expected: { code: '482915', service: 'Trendyol' },
  },
  {
    name: 'Allegro code in Polish',
    text: 'Allegro: Twój kod weryfikacyjny to 482915. Nie podawaj go nikomu.',
    expected: { code: '482915', service: 'Allegro' },
  },
  {
    name: 'Fiverr code with a [#] prefix and an app hash',
    text: '[#] Your Fiverr verification code is: 4829 nLKs7YFyKlB',
    expected: { code: '4829', service: 'Fiverr' },
  },
  {
    name: 'Venmo code with a rates notice',
    text: 'Your Venmo code is 482915. Msg&Data rates may apply.',
    expected: { code: '482915', service: 'Venmo' },
  },
  {
    name: 'DoorDash verification code',
    text: 'Your DoorDash verification code is 482915',
    expected: { code: '482915', service: 'DoorDash' },
  },
  {
    name: 'Gosuslugi code in Russian',
    text: 'Для входа в Госуслуги используйте код 482915',
    expected: { code: '482915', service: 'Gosuslugi' },
  },
  {
    name: 'WhatsApp warning with the code inside the sentence',
    text: 'Your WhatsApp account is being registered on a new device. Do not share your code 123-456 with anyone',
    expected: { code: '123-456', service: 'WhatsApp' },
  },
  {
    name: 'Chase code with a dashed phone number in the opt-out',
    text: 'Chase: Your one-time code is 4829. Reply STOP to opt out of alerts sent to 555-123-4567',
    expected: { code: '4829', service: 'Chase' },
  },
  {
    name: 'Bolt code',
    text: 'Your Bolt code: 4829',
    expected: { code: '4829', service: 'Bolt' },
  },
  {
    name: 'Signal code',
    text: 'Your Signal code: 482915. Do not share this code',
    expected: { code: '482915', service: 'Signal' },
  },
  {
    name: 'Netflix code with a validity',
    text: 'Netflix: Your verification code is 4829. It expires in 15 minutes.',
    expected: { code: '4829', service: 'Netflix' },
  },
  {
    name: 'Snapchat code',
    text: 'Snapchat code: 482915. Happy Snapping!',
    expected: { code: '482915', service: 'Snapchat' },
  },
  {
    name: 'Dropbox security code',
    text: 'Your Dropbox security code is: 482915',
    expected: { code: '482915', service: 'Dropbox' },
  },
  {
    name: 'Yahoo code before its label',
    text: '48291 is your Yahoo verification code.',
    expected: { code: '48291', service: 'Yahoo' },
  },
];

const english: ExtractionCase[] = [
  {
    name: 'plain verification code',
    text: 'Your verification code is 482915.',
    expected: { code: '482915' },
  },
  {
    name: 'code before its label',
    text: '482915 is your verification code',
    expected: { code: '482915' },
  },
  {
    name: '4-digit one-time passcode',
    text: 'Your one-time passcode is 3920',
    expected: { code: '3920' },
  },
  {
    name: 'code before "to verify"',
    text: 'Use 582019 to verify your account on Acme.',
    expected: { code: '582019' },
  },
  {
    name: 'short "Your code:" message',
    text: 'Your code: 8291',
    expected: { code: '8291' },
  },
  {
    name: 'unknown brand prefix names no service',
    text: 'Acme: 493012 is your login code. It expires in 10 minutes.',
    expected: { code: '493012' },
  },
  {
    name: 'dashed digit code keeps the dash',
    text: 'Your security code is 582-019',
    expected: { code: '582-019' },
  },
  {
    name: 'upper-case alphanumeric code',
    text: 'Your verification code is A7K2QX',
    expected: { code: 'A7K2QX' },
  },
  {
    name: 'alphanumeric code with the Android app hash after it',
    text: '<#> Your ExampleApp code is: 123ABC78\nFA+9qCX9VSu',
    expected: { code: '123ABC78' },
  },
  {
    name: 'PIN',
    text: "Your PIN is 4821. Don't share it with anyone.",
    expected: { code: '4821' },
  },
  {
    name: 'temporary password of 8 digits',
    text: 'Your temporary password is 58291043',
    expected: { code: '58291043' },
  },
  {
    name: 'auth token',
    text: 'Your auth token: 839201',
    expected: { code: '839201' },
  },
  {
    name: 'code that looks like a year, right after its label',
    text: 'Your code is 2048',
    expected: { code: '2048' },
  },
  {
    name: '2FA code',
    text: 'Your 2FA code is 283910',
    expected: { code: '283910' },
  },
  {
    name: 'two-factor authentication code',
    text: 'Two-factor authentication code: 771208',
    expected: { code: '771208' },
  },
  {
    name: 'code with a time and a date after it',
    text: 'Your code is 582913. It expires at 10:45 PM on 12/05/2025.',
    expected: { code: '582913' },
  },
  {
    name: 'code with an amount and a toll-free number',
    text: "You requested a payment of $1,250.00 to John. Your verification code is 481920. If this wasn't you, call 1-800-432-1000.",
    expected: { code: '481920' },
  },
  {
    name: 'delivery PIN next to an order number',
    text: 'Order #48291 confirmed. Your delivery PIN is 5830. Share it with the courier only.',
    expected: { code: '5830' },
  },
  {
    name: 'code for an order: the order number is not the code',
    text: 'Your code for order 77210 is 4831',
    expected: { code: '4831' },
  },
  {
    name: 'code after a tracking number',
    text: 'Tracking number 1Z999AA10123456784: your verification code is 662018',
    expected: { code: '662018' },
  },
  {
    name: 'code followed by a reference number',
    text: 'Your verification code is 839201. Ref: 48120.',
    expected: { code: '839201' },
  },
  {
    name: 'spaced code of two groups of three',
    text: 'Your Acme verification code is 482 915.',
    expected: { code: '482 915' },
  },
  {
    name: 'code followed by a spaced phone number',
    text: 'Your code is 4829. Call +1 555 123 4567 if you did not request it.',
    expected: { code: '4829' },
  },
  {
    name: 'code with a rates notice',
    text: 'Your verification code is 482915 and expires in 10 minutes. Msg&data rates may apply.',
    expected: { code: '482915' },
  },
  {
    name: 'bank OTP with a validity and a signature',
    text: 'Dear customer, use OTP 582913 to complete your login. Valid for 3 mins. Do not share with anyone. -Acme Bank',
    expected: { code: '582913' },
  },
  {
    name: 'code on the line after its label',
    text: 'Your sign-in code:\n\n739104\n\nIt expires in 5 minutes.',
    expected: { code: '739104' },
  },
  {
    name: 'access code with a percentage elsewhere',
    text: 'Battery at 15%. Your access code is 3390. Enter it at the door.',
    expected: { code: '3390' },
  },
  {
    name: 'code with an expiry time and a dotted date',
    text: 'Your verification code is 482915 (expires 23:59 on 31.12.2025)',
    expected: { code: '482915' },
  },
  {
    name: 'code with an ID after it on another line',
    text: "Your code: 482915\n\nDon't share it. ID: 8832",
    expected: { code: '482915' },
  },
  {
    name: 'appointment code with a time and a date',
    text: 'Hi John, your appointment code is 2233 for 14:00 on Monday, 5 May.',
    expected: { code: '2233' },
  },
  {
    name: 'passcode after a balance',
    text: 'Your balance is $2,481.09. Your one-time passcode is 449102.',
    expected: { code: '449102' },
  },
  {
    name: 'code after its label, an order number after a second label',
    text: 'Code: 123456 Order: 654321',
    expected: { code: '123456' },
  },
  {
    name: 'code followed by an order number in the next sentence',
    text: 'Your one-time code is 482915. Your order 928374 will ship soon.',
    expected: { code: '482915' },
  },
  {
    name: 'account number before the code',
    text: 'Your account number is 48291035 and your verification code is 5521',
    expected: { code: '5521' },
  },
  {
    name: 'locker code next to a locker number',
    text: 'Use code 4829 to unlock locker 12',
    expected: { code: '4829' },
  },
  {
    name: 'hyphenated PIN-Code label',
    text: 'Your PIN-Code: 4829',
    expected: { code: '4829' },
  },
  {
    name: 'code in a sentence with a label before it',
    text: '482915 is your code. Call 8000 for help',
    expected: { code: '482915' },
  },
  {
    name: 'code with a total amount after it',
    text: 'Your Uber code is 4829. Your trip total was $12.50.',
    expected: { code: '4829', service: 'Uber' },
  },
];

const otherLanguages: ExtractionCase[] = [
  {
    name: 'Spanish verification code',
    text: 'Tu código de verificación es 482915. No lo compartas con nadie.',
    expected: { code: '482915' },
  },
  {
    name: 'Spanish access code with an expiry',
    text: 'Tu código de acceso es: 582013. Caduca en 5 minutos.',
    expected: { code: '582013' },
  },
  {
    name: 'Spanish code with an amount',
    text: 'Compra por 1.250,00 MXN. Clave dinámica: 739201. No la compartas.',
    expected: { code: '739201' },
  },
  {
    name: 'Portuguese verification code',
    text: 'Seu código de verificação é: 482915. Não compartilhe.',
    expected: { code: '482915' },
  },
  {
    name: 'Portuguese code to confirm a sign-up',
    text: 'Use o código 5820 para confirmar seu cadastro.',
    expected: { code: '5820' },
  },
  {
    name: 'Portuguese security code with an amount in reais',
    text: 'Compra de R$ 1.299,90 aprovada? Código de segurança: 330912.',
    expected: { code: '330912' },
  },
  {
    name: 'French verification code',
    text: 'Votre code de vérification est 482915. Il expire dans 10 minutes.',
    expected: { code: '482915' },
  },
  {
    name: 'French login code',
    text: 'Code de connexion : 5829. Ne le communiquez à personne.',
    expected: { code: '5829' },
  },
  {
    name: 'German confirmation code',
    text: 'Ihr Bestätigungscode lautet 482915. Bitte geben Sie ihn nicht weiter.',
    expected: { code: '482915' },
  },
  {
    name: 'German mTAN with a transfer amount',
    text: 'Ihre mTAN für die Überweisung von 250,00 EUR an Max Mustermann lautet: 582913',
    expected: { code: '582913' },
  },
  {
    name: 'German login code',
    text: 'Dein Anmeldecode: 4829',
    expected: { code: '4829' },
  },
  {
    name: 'Italian verification code',
    text: 'Il tuo codice di verifica è 482915. Non condividerlo con nessuno.',
    expected: { code: '482915' },
  },
  {
    name: 'Spanish code with an order number in another sentence',
    text: 'Código: 4829. Válido por 5 min. Pedido 99887766.',
    expected: { code: '4829' },
  },
  {
    name: 'Chinese code with a hotline number',
    text: '您的验证码：4829，如非本人操作请忽略。客服电话：95555',
    expected: { code: '4829' },
  },
  {
    name: 'Polish BLIK code',
    text: 'Kod BLIK: 482915',
    expected: { code: '482915' },
  },
  {
    name: 'Spanish code after an amount in pesos',
    text: 'Paga 1.500 pesos con código 4829',
    expected: { code: '4829' },
  },
  {
    name: 'German security code before an account word',
    text: 'Sicherheitscode 4829 für Ihr Konto',
    expected: { code: '4829' },
  },
  {
    name: 'Italian OTP with an amount in euro',
    text: "Codice OTP: 58291 per l'operazione di 150,00 euro",
    expected: { code: '58291' },
  },
  {
    name: 'Dutch verification code',
    text: 'Je verificatiecode is 482915. Deel deze code met niemand.',
    expected: { code: '482915' },
  },
  {
    name: 'Dutch login code',
    text: 'Uw inlogcode: 5829',
    expected: { code: '5829' },
  },
  {
    name: 'Russian confirmation code',
    text: 'Ваш код подтверждения: 482915. Никому не сообщайте его.',
    expected: { code: '482915' },
  },
  {
    name: 'Russian login code',
    text: 'Код для входа: 5829. Не сообщайте его никому, даже сотрудникам банка.',
    expected: { code: '5829' },
  },
  {
    name: 'Russian purchase password with an amount in roubles',
    text: 'Покупка 1500 р. Пароль для подтверждения: 739201. Никому не сообщайте.',
    expected: { code: '739201' },
  },
  {
    name: 'Ukrainian confirmation code',
    text: 'Ваш код підтвердження: 482915. Нікому не повідомляйте цей код.',
    expected: { code: '482915' },
  },
  {
    name: 'Ukrainian login code',
    text: 'Код для входу: 5829',
    expected: { code: '5829' },
  },
  {
    name: 'Polish verification code',
    text: 'Twój kod weryfikacyjny to 482915. Nie udostępniaj go nikomu.',
    expected: { code: '482915' },
  },
  {
    name: 'Polish one-time code',
    text: 'Kod jednorazowy do logowania: 5829',
    expected: { code: '5829' },
  },
  {
    name: 'Turkish verification code',
    text: 'Doğrulama kodunuz: 482915. Bu kodu kimseyle paylaşmayın.',
    expected: { code: '482915' },
  },
  {
    name: 'Turkish one-time password with a suffix',
    text: "Tek kullanımlık şifreniz 582913'tür.",
    expected: { code: '582913' },
  },
  {
    name: 'Chinese code with a validity',
    text: '您的验证码是 482915，10分钟内有效，请勿泄露。',
    expected: { code: '482915' },
  },
  {
    name: 'traditional Chinese code',
    text: '驗證碼：582013，請於5分鐘內輸入。',
    expected: { code: '582013' },
  },
  {
    name: 'Japanese authentication code',
    text: '認証コードは 482915 です。このコードを他人に教えないでください。',
    expected: { code: '482915' },
  },
  {
    name: 'Japanese confirmation code glued to the text',
    text: '確認コード：5829（10分間有効）',
    expected: { code: '5829' },
  },
  {
    name: 'Korean code in brackets',
    text: '[Web발신]\n인증번호 [482915]를 입력해주세요.',
    expected: { code: '482915' },
  },
  {
    name: 'Korean code in parentheses',
    text: '본인확인 인증번호(582013)입력시 정상처리 됩니다.',
    expected: { code: '582013' },
  },
  {
    name: 'Arabic verification code',
    text: 'رمز التحقق الخاص بك هو 482915. لا تشاركه مع أي شخص.',
    expected: { code: '482915' },
  },
  {
    name: 'Arabic-Indic digits come back as ASCII digits',
    text: 'رمز التحقق: ٥٨٢٩١٣',
    expected: { code: '582913' },
  },
  {
    name: 'Hindi OTP',
    text: 'आपका OTP 482915 है। इसे किसी के साथ साझा न करें।',
    expected: { code: '482915' },
  },
  {
    name: 'Hindi code in Devanagari digits',
    text: 'आपका सत्यापन कोड ५८२९१३ है',
    expected: { code: '582913' },
  },
  {
    name: 'Vietnamese authentication code',
    text: 'Mã xác thực của bạn là 482915. Không chia sẻ mã này cho bất kỳ ai.',
    expected: { code: '482915' },
  },
  {
    name: 'Vietnamese bank OTP without accents',
    text: 'Ma OTP cua Quy khach la 582013. Ma co hieu luc trong 5 phut. Tuyet doi KHONG cung cap ma OTP cho bat ky ai.',
    expected: { code: '582013' },
  },
  {
    name: 'Indonesian verification code',
    text: 'Kode verifikasi Anda adalah 482915. Jangan berikan kode ini kepada siapa pun.',
    expected: { code: '482915' },
  },
  {
    name: 'Indonesian OTP after a warning',
    text: 'JANGAN BERIKAN KODE INI. Kode OTP Anda: 5829',
    expected: { code: '5829' },
  },
  {
    name: 'full-width digits come back as ASCII digits',
    text: '認証コード：４８２９１５',
    expected: { code: '482915' },
  },
];

const noCode: ExtractionCase[] = [
  { name: 'empty message', text: '', expected: null },
  {
    name: 'delivery notice with a tracking number',
    text: 'Your package has been delivered. Tracking: 1Z999AA10123456784',
    expected: null,
  },
  {
    name: 'shipping notice with an order number and a date',
    text: 'Your order #48291 has shipped and will arrive on 12/05.',
    expected: null,
  },
  {
    name: 'dispatch notice with a short link',
    text: "Your Amazon order of 'Echo Dot' has been dispatched. Track at amzn.to/3xYz12",
    sender: 'AMAZON',
    expected: null,
  },
  {
    name: 'promotion with a percentage and a promo code',
    text: 'Flash sale! 30% off everything with code SAVE30 until midnight.',
    expected: null,
  },
  {
    name: 'promotion code with a year in it',
    text: 'Use code WELCOME2025 for 20% off your first order',
    expected: null,
  },
  {
    name: 'balance with an amount and a date',
    text: 'Your balance is $1,234.56 as of 11/22/2025.',
    expected: null,
  },
  {
    name: 'bank balance alert',
    text: 'Chase: Your account balance is $2,481.09. Reply STOP to end alerts.',
    expected: null,
  },
  {
    name: 'payment received in euros',
    text: 'Payment of EUR 1500 received. Thank you.',
    expected: null,
  },
  {
    name: 'appointment with an ISO date and a time',
    text: 'Reminder: your appointment is on 2025-12-03 at 14:30.',
    expected: null,
  },
  {
    name: 'support phone number',
    text: 'Call us at (800) 555-0199 for support.',
    expected: null,
  },
  {
    name: 'bill with an amount, a date and a link',
    text: 'Your bill of Rs. 1,299.00 is due on 15/12/2025. Pay now at example.in/pay',
    expected: null,
  },
  { name: 'greeting', text: 'Happy holidays from the Acme team!', expected: null },
  {
    name: 'ride arriving with a licence plate',
    text: 'Your Uber is arriving in 3 minutes. Look for a black Toyota Camry, plate 8ABC123',
    expected: null,
  },
  {
    name: 'flight with a flight number, a time and a gate',
    text: 'Your flight UA 1234 departs at 08:15 from gate B22.',
    expected: null,
  },
  {
    name: 'booking reference',
    text: 'Your booking reference is XJ4K9P. Have a nice trip!',
    expected: null,
  },
  {
    name: 'expiry notice without a code',
    text: 'Your code will expire soon. Please request a new one.',
    expected: null,
  },
  {
    name: 'card charge with a card ending and an amount',
    text: 'Dear customer, your card ending 4421 was charged USD 59.99 at NETFLIX.COM',
    expected: null,
  },
  {
    name: 'data usage with a percentage and megabytes',
    text: 'Your monthly data usage is 85%. You have 1500 MB left.',
    expected: null,
  },
  {
    name: 'support case number',
    text: 'We received your request. Case number 48291035.',
    expected: null,
  },
  {
    name: 'security code warning without a code',
    text: 'The security code on the back of your card is never requested by us.',
    expected: null,
  },
  {
    name: 'expired code notice',
    text: 'Your verification code has expired. Please request a new code.',
    expected: null,
  },
  {
    name: 'two different codes are a tie',
    text: 'Your code is 1234 and your PIN is 5678',
    expected: null,
  },
  {
    name: 'a year that is not next to its label',
    text: 'Your verification settings were updated on March 3, 2024.',
    expected: null,
  },
  {
    name: 'tax refund with a year and an amount',
    text: 'Your 2019 tax refund of $1,200 was deposited.',
    expected: null,
  },
  {
    name: 'contest with a short code and a promo code',
    text: 'Win a free iPhone 15! Reply YES to 48291 to enter. Promo code GIFT15',
    expected: null,
  },
  {
    name: 'address and time',
    text: 'Meet me at 5:30 at 1200 Main Street',
    expected: null,
  },
  {
    name: 'order confirmation with a total and a date',
    text: 'Your order 48291 is confirmed. Total: $59.98. Estimated delivery 12/05.',
    expected: null,
  },
  {
    name: 'new phone number notice',
    text: 'Your Google Voice number (555) 123-4567 is active.',
    sender: 'Google',
    expected: null,
  },
  {
    name: 'link with a number in it',
    text: 'Download the app at https://example.com/app?ref=482915',
    expected: null,
  },
  {
    name: 'Spanish promotion',
    text: '¡Solo hoy! 20% de descuento con el código VERANO24',
    expected: null,
  },
  {
    name: 'Spanish order on its way',
    text: 'Tu pedido 482915 está en camino.',
    expected: null,
  },
  {
    name: 'Portuguese delivery with a tracking code',
    text: 'Sua encomenda AB123456789BR foi entregue.',
    expected: null,
  },
  {
    name: 'French parcel',
    text: 'Votre colis 6A12345678901 sera livré demain.',
    expected: null,
  },
  {
    name: 'German parcel',
    text: 'Ihre Sendung 00340434161234567890 wird heute zugestellt.',
    expected: null,
  },
  {
    name: 'Italian order shipped',
    text: 'Il tuo ordine 48291 è stato spedito.',
    expected: null,
  },
  {
    name: 'Dutch order',
    text: 'Je bestelling 48291 is onderweg.',
    expected: null,
  },
  {
    name: 'Russian order delivered',
    text: 'Ваш заказ 482915 доставлен в пункт выдачи.',
    expected: null,
  },
  {
    name: 'Russian balance',
    text: 'Баланс: 1500 руб. Пополните счет.',
    expected: null,
  },
  {
    name: 'Ukrainian order',
    text: 'Ваше замовлення 48291 відправлено.',
    expected: null,
  },
  {
    name: 'Polish order sent',
    text: 'Twoje zamówienie 48291 zostało wysłane.',
    expected: null,
  },
  {
    name: 'Turkish order shipped',
    text: 'Siparişiniz 48291 kargoya verildi.',
    expected: null,
  },
  {
    name: 'Chinese order shipped',
    text: '您的订单 482915 已发货。',
    expected: null,
  },
  {
    name: 'Japanese order shipped',
    text: 'ご注文番号 48291 の商品を発送しました。',
    expected: null,
  },
  {
    name: 'Korean order shipped',
    text: '주문번호 48291 배송이 시작되었습니다.',
    expected: null,
  },
  {
    name: 'Arabic balance',
    text: 'رصيدك الحالي 1500 ريال',
    expected: null,
  },
  {
    name: 'Hindi balance',
    text: 'आपके खाता 4821 में शेष राशि 1500 रुपये है।',
    expected: null,
  },
  {
    name: 'Vietnamese balance',
    text: 'So du tai khoan 0123456789 cua ban la 1.500.000 VND.',
    expected: null,
  },
  {
    name: 'Indonesian order',
    text: 'Pesanan 48291 sedang dikirim.',
    expected: null,
  },
  {
    name: 'promotion code in a sentence with a verify word',
    text: 'Verify your email and get 10% off with code SAVE10',
    expected: null,
  },
  {
    name: 'a code split in pairs is not read',
    text: 'Your verification code is: 48 29 15',
    expected: null,
  },
  {
    name: 'an ISO date after an OTP label',
    text: 'OTP: 2024-11-22',
    expected: null,
  },
  {
    name: 'a time after a code label',
    text: 'Your code expires at 10AM',
    expected: null,
  },
  {
    name: 'eleven digits are a phone number, not a code',
    text: 'Your verification code is 12345678901',
    expected: null,
  },
  {
    name: 'an amount before a code label',
    text: 'USD 4829 is your code',
    expected: null,
  },
  {
    name: 'sign-in alert with a time and no code',
    text: 'Security alert: new sign-in from Chrome on Windows at 10:42. If this was not you, reset your password.',
    expected: null,
  },
  {
    name: 'voicemail number to call',
    text: 'You have 3 new voicemails. Call 1234 to listen.',
    expected: null,
  },
  {
    name: 'tracking code of a parcel',
    text: 'Amazon: Your package with tracking code TBA123456789 has been delivered',
    expected: null,
  },
  {
    name: 'year right after a code label is not enough when a sentence ends between',
    text: 'New code rules. 2024 was a great year.',
    expected: null,
  },
];

export const cases: readonly ExtractionCase[] = [
  ...originBound,
  ...vendors,
  ...english,
  ...otherLanguages,
  ...noCode,
];
