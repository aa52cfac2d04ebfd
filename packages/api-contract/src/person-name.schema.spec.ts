import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { firstNameField } from './auth.contract.js';
import { addMemberBody } from './members.contract.js';
import { isPersonName, personNameField } from './person-name.schema.js';

const member = (firstName: string) => ({
  multiMFAId: '7d3f1c8e-2b4a-4f6e-9a1b-3c5d7e9f0a2b',
  firstName,
  lastName: 'Lovelace',
  forwardMedium: 'EMAIL',
  email: 'ada@example.com',
});

describe('the one rule for names (customers, administrators, members)', () => {
  it("accepts letters of any script with spaces and . ' -, initials with or without spaces", () => {
    for (const name of [
      'Ada',
      'José María',
      "O'Neil",
      'Mary-Jo',
      'J. R. R.',
      'J.R.R.',
      'Zoë',
      '李小龙',
      'Dr. Who',
    ]) {
      assert.equal(isPersonName(name), true, name);
    }
  });

  it('refuses a name that reads as a link or carries digits, markup or symbols', () => {
    for (const name of [
      'Verify at evil.example',
      'evil.co',
      'www.evil',
      'https://evil.example',
      'Call 5551234',
      '<b>Ada</b>',
      'Ada@evil',
      '.Ada',
      '',
    ]) {
      assert.equal(isPersonName(name), false, name);
    }
  });

  it('answers the field message for a member named "Verify at evil.example", and the same for a customer', () => {
    const memberAnswer = addMemberBody.safeParse(member('Verify at evil.example'));
    const customerAnswer = firstNameField.safeParse('Verify at evil.example');
    assert.equal(memberAnswer.success, false);
    assert.equal(customerAnswer.success, false);
    assert.deepEqual(
      [memberAnswer.error?.issues[0]?.message, memberAnswer.error?.issues[0]?.path],
      ["First name may hold only letters, spaces and . ' -", ['firstName']],
    );
    assert.equal(
      customerAnswer.error?.issues[0]?.message,
      "First name may hold only letters, spaces and . ' -",
    );
  });

  it('keeps member names within the 50 characters stored, customer names within 60, trimmed', () => {
    assert.equal(addMemberBody.safeParse(member('A'.repeat(51))).success, false);
    assert.equal(addMemberBody.safeParse(member(' Ada ')).data?.firstName, 'Ada');
    assert.equal(firstNameField.safeParse('A'.repeat(60)).success, true);
    assert.equal(
      personNameField('Last name', 5).safeParse('   ').error?.issues[0]?.message,
      'Please provide last name',
    );
  });
});
