import { Injectable } from '@nestjs/common';
import type { OutgoingEmail } from '../providers/email-sender.port.js';
import type { EmailKind, EmailToSend } from './emails.repository.js';

/** A recorded e-mail of one of the kinds `K`. */
export type EmailOfKind<K extends EmailKind> = EmailToSend & { kind: K };

/** Renders the e-mails of its kinds as they go out, from their rows and the folder's own records. */
export interface EmailComposer<K extends EmailKind> {
  compose(email: EmailOfKind<K>): Promise<OutgoingEmail>;
}

/**
 * Who composes each kind of e-mail: the folder that records a kind registers its composer when the
 * app starts (before the e-mail worker does), so e-mail sends every kind without knowing any of them.
 */
@Injectable()
export class EmailComposers {
  private readonly byKind = new Map<EmailKind, EmailComposer<EmailKind>>();

  register<K extends EmailKind>(kinds: readonly K[], composer: EmailComposer<K>): void {
    for (const kind of kinds) {
      if (this.byKind.has(kind)) throw new Error(`${kind} e-mails have a composer already`);
      this.byKind.set(kind, composer);
    }
  }

  async compose(email: EmailToSend): Promise<OutgoingEmail> {
    const composer = this.byKind.get(email.kind);
    if (!composer) throw new Error(`no composer for ${email.kind} e-mails`);
    return composer.compose(email);
  }
}
