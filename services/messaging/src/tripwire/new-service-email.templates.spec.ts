import { describe, expect, it } from '@jest/globals';
import { renderNewService } from './new-service-email.templates.js';

describe("the owner's notice of a service's first code", () => {
  it('names the number, the service, the sender and the time, and asks whether it was expected', () => {
    const mail = renderNewService(
      {
        ownerFirstName: 'Olga',
        mfaName: 'Ops team',
        number: '+14155550123',
        service: 'Google',
        sender: '22000',
        receivedAt: new Date('2027-02-03T10:04:05Z'),
      },
      'https://app.example',
    );
    expect(mail.subject).toBe('First Google code on Ops team: did you expect it?');
    expect(mail.text).toContain(
      'Ops team (+14155550123) received its first code from Google at 2027-02-03 10:04 UTC, sent by 22000.',
    );
    expect(mail.text).toContain('If nobody expected it');
  });
});
