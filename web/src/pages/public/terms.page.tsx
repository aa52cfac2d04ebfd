import { LegalPage, type LegalSection } from '../../features/marketing/legal-page.component';

const sections: LegalSection[] = [
  {
    heading: 'The service',
    paragraphs: [
      'MultiMFA rents you shared phone numbers for multi-factor authentication. A MultiMFA number forwards every code texted to it to your verified team members, by e-mail, by SMS or both. A RoboMFA number lets your bots read its codes over HTTP, each bot with its own API key.',
      'Use the numbers only for accounts you and your team are allowed to access. Do not use them to receive codes for accounts of other people, to get around a provider’s rules on the number of accounts, or for anything unlawful.',
    ],
  },
  {
    heading: 'Your account',
    paragraphs: [
      'You need an account with a verified e-mail address to buy a number. Keep your password and your bots’ API keys secret: whoever holds them can read the codes of your numbers. Tell us at once if you think someone else has them.',
      'You are responsible for the members you add: each one must accept the invitation sent to their e-mail or mobile before codes are forwarded to them. Remove members who should no longer receive codes.',
    ],
  },
  {
    heading: 'Plans, payment and renewal',
    paragraphs: [
      'Plans (Basic, Professional, Enterprise) are billed monthly in US dollars, by card through Stripe. The plan sets how many members or bots a number may have and how many texts a month are included; texts over the allowance cost $0.02 each and are billed on the next invoice. Yearly prices on our pages are shown for comparison only: billing is always monthly.',
      'With auto-renewal on, your saved card is charged on each next payment date. If the charge fails, or auto-renewal is off, an unpaid invoice appears in Invoice Management and the subscription expires until it is paid.',
      'When a subscription expires, forwarding stops. The number stays reserved for you for 30 days, then rests for 90 days before it can go to another customer.',
    ],
  },
  {
    heading: 'Availability',
    paragraphs: [
      'We aim to forward every code within a second, but delivery depends on the telephone networks and on our e-mail and SMS providers. We are not liable for a code that arrives late or not at all, nor for losses caused by a third party’s outage. Always keep another way to sign in to your important accounts.',
    ],
  },
  {
    heading: 'Ending the service',
    paragraphs: [
      'You can stop a subscription by turning off auto-renewal; it then ends at its next payment date. To close your account, follow the steps in our Privacy Policy. We may suspend an account that breaks these terms, after telling you why by e-mail unless the law or an ongoing abuse prevents it.',
    ],
  },
  {
    heading: 'Changes',
    paragraphs: [
      'We tell you by e-mail at least 30 days before a change to these terms or to prices takes effect. If you do not agree, you can end your subscription before then.',
    ],
  },
];

/** /terms: the terms and conditions in plain words. */
export function TermsPage() {
  return <LegalPage title="Terms & Conditions" updated="1 July 2026" sections={sections} />;
}
