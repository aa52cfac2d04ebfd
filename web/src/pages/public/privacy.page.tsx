import { LegalPage, type LegalSection } from '../../features/marketing/legal-page.component';

const sections: LegalSection[] = [
  {
    heading: 'Who we are',
    paragraphs: [
      'MultiMFA sells shared phone numbers for multi-factor authentication: a MultiMFA number forwards the codes texted to it to the verified members of a team, and a RoboMFA number lets bots read them with an API key. This policy says which personal data the service keeps, why, for how long, and who processes it for us.',
    ],
  },
  {
    heading: 'What we store',
    paragraphs: [
      'Your account: first and last name, e-mail address, mobile number, role, whether your e-mail is verified, whether you accepted the terms and asked for marketing e-mails, and your password as an argon2id hash (never the password itself). If you sign in with Google, the Google account id and e-mail address Google confirms.',
      'Your subscriptions: the numbers you bought, their names and descriptions, plan, country, next payment date, auto-renewal choice and status; invoices and payments; discount codes you used.',
      'Cards: only what Stripe returns about a saved card (holder name, brand, country, last four digits, expiry month and year). Card numbers and security codes go straight to Stripe and never reach our servers.',
      'Team members and bots: the name, e-mail address and mobile number of each member you add, their invitation status, and the name and hashed API key of each bot.',
      'Messages: the text messages your numbers receive (sender, time, text and the code found in it), and each forward we sent with its delivery status; the e-mails and SMS we send you.',
      'Security data: the e-mailed verification and reset codes (as hashes), your sign-in sessions, and the network address and browser of requests, used against abuse.',
      'Contact and waitlist: the name, e-mail address and message you send with the contact form; the e-mail address you give to join the waitlist.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'Verification and reset codes expire after 10 minutes; invitation links after 7 days; a session ends 7 days after you sign in, or when you sign out or change your password.',
      'Account, subscription and member data: as long as your account exists. When a subscription expires, its number stays reserved for you for 30 days and then rests for 90 days before anyone else can get it, so nobody receives your codes.',
      'The text and the code of each message your numbers receive: 30 days by default, or the retention you set for the number on its page (1 to 90 days); then both are deleted. What we keep of the message after that is its metadata: sender, time, delivery status and the service the code was for.',
      'That metadata, forwards, logs, offboarding reports (which services a removed member received codes for) and the list of services each number has received codes from: for as long as the number belongs to you, and at most 90 days after it is released.',
      'Invoices and payment records: as long as tax and accounting law requires (up to 10 years), even after the account is deleted.',
      'Contact messages: 12 months after we answered them.',
    ],
  },
  {
    heading: 'Who processes it for us',
    paragraphs: [
      'Stripe (payments, saved cards, invoices paid by card): your name, e-mail address and card details.',
      'Twilio (phone numbers and SMS): the texts your numbers receive, and the SMS we forward to members and the mobile numbers they go to.',
      'SendGrid (e-mail delivery): the e-mails we send you and your members, with the addresses they go to; contact messages on their way to our support team.',
      'Google (sign-in with Google, only if you choose it): Google tells us your account id, name and e-mail address.',
      'We do not sell personal data and do not use it for advertising. Each provider processes it only to deliver its service to us.',
    ],
  },
  {
    heading: 'Your rights and deleting your account',
    paragraphs: [
      'You can see and correct your name and mobile number on your profile page, change your password, remove cards, members and bots yourself, and turn off auto-renewal.',
      'To delete your account, write to support@multimfa.com from the e-mail address of the account (or use the contact form with that address). We confirm by e-mail, end your sessions, release your numbers, and delete your account, members, bots, saved cards and messages within 30 days; only invoices stay, for as long as the law requires.',
      'You can also ask us for a copy of your data, or object to how we use it, at the same address.',
    ],
  },
];

/** /privacy: the privacy policy in plain words. */
export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" updated="29 November 2026" sections={sections} />;
}
