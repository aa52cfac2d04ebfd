import { describe, expect, it } from '@jest/globals';
import { renderOffboardingReport } from './offboarding-email.templates.js';

const content = {
  ownerFirstName: 'Olga',
  mfaName: 'Ops team',
  firstName: 'Lea',
  lastName: 'Ver',
  services: [
    { service: 'Google', lastReceivedAt: new Date('2027-02-03T10:00:00Z') },
    { service: 'Amazon', lastReceivedAt: new Date('2027-01-20T23:59:00Z') },
  ],
};

describe("the owner's offboarding report e-mail", () => {
  it('names the member and lists each service with the date of its last code, to rotate', () => {
    const mail = renderOffboardingReport(content, 'https://app.example/');
    expect(mail.subject).toBe('Offboarding Lea Ver from Ops team: accounts to review');
    expect(mail.text).toContain('Lea Ver was removed from your MultiMFA Ops team');
    expect(mail.text).toContain('• Google: last code on 2027-02-03');
    expect(mail.text).toContain('• Amazon: last code on 2027-01-20');
    expect(mail.text).toContain('Rotate the passwords');
    expect(mail.html).toContain('https://app.example/dashboard');
  });

  it('says there is nothing to rotate when the member received no recognised code', () => {
    const mail = renderOffboardingReport({ ...content, services: [] }, 'https://app.example');
    expect(mail.text).toContain('received no code of a service we recognised');
    expect(mail.text).not.toContain('•');
  });
});
