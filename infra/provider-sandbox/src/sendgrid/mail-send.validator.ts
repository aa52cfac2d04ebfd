import { help, SendgridApiError, type SendgridErrorItem } from './sendgrid-error.js';

/** A validated `POST /v3/mail/send` request. */
export interface Address {
  email: string;
  name?: string;
}

export interface Personalization {
  to: Address[];
  cc: Address[];
  bcc: Address[];
  subject?: string;
  dynamicTemplateData?: unknown;
  substitutions: Record<string, string>;
  customArgs: Record<string, string>;
}

export interface MailSend {
  personalizations: Personalization[];
  from: Address;
  replyTo?: Address;
  subject?: string;
  text?: string;
  html?: string;
  templateId?: string;
  categories: string[];
  customArgs: Record<string, string>;
  sendAt?: number;
  sandboxMode: boolean;
}

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[A-Za-z]{2,}$/;
const MAX_PERSONALIZATIONS = 1000;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Validates a mail send as SendGrid does, collecting every problem with SendGrid's own messages,
 * fields and help links, and throws one 400 listing them.
 */
export function validateMailSend(body: unknown): MailSend {
  if (!isObject(body)) throw new SendgridApiError(400, [{ message: 'Bad Request', field: null, help: null }]);
  const errors: SendgridErrorItem[] = [];
  const fail = (field: string | null, message: string, anchor: string | null) =>
    errors.push({ field, message, help: anchor ? help(anchor) : null });

  const address = (value: unknown, field: string, message: string, anchor: string): Address | undefined => {
    if (!isObject(value) || typeof value.email !== 'string' || !EMAIL.test(value.email.trim())) {
      fail(field, message, anchor);
      return undefined;
    }
    return {
      email: value.email.trim(),
      ...(typeof value.name === 'string' && value.name ? { name: value.name } : {}),
    };
  };

  const stringMap = (value: unknown, field: string): Record<string, string> => {
    if (value === undefined) return {};
    if (!isObject(value) || !Object.values(value).every((item) => typeof item === 'string')) {
      fail(field, `${field} must be an object of string values.`, `message.${field}`);
      return {};
    }
    return value as Record<string, string>;
  };

  const personalizations: Personalization[] = [];
  const rawPersonalizations = body.personalizations;
  if (!Array.isArray(rawPersonalizations) || rawPersonalizations.length === 0) {
    fail(
      'personalizations',
      'The personalizations field is required and must have at least one personalization.',
      '-Personalizations-Errors',
    );
  } else if (rawPersonalizations.length > MAX_PERSONALIZATIONS) {
    fail(
      'personalizations',
      `The personalizations field must have at most ${MAX_PERSONALIZATIONS} personalizations.`,
      '-Personalizations-Errors',
    );
  } else {
    rawPersonalizations.forEach((raw, i) => {
      const base = `personalizations.${i}`;
      if (!isObject(raw)) {
        fail(base, 'Each personalization must be an object.', '-Personalizations-Errors');
        return;
      }
      const list = (kind: 'to' | 'cc' | 'bcc'): Address[] => {
        const value = raw[kind];
        if (value === undefined && kind !== 'to') return [];
        if (!Array.isArray(value) || value.length === 0) {
          if (kind === 'to') {
            fail(
              `${base}.to`,
              'The to array is required for all personalization objects, and must have at least one email object with a valid email address.',
              'message.personalizations.to',
            );
          } else {
            fail(
              `${base}.${kind}`,
              `The ${kind} array must have at least one email object.`,
              `message.personalizations.${kind}`,
            );
          }
          return [];
        }
        return value.flatMap((item, j) => {
          const parsed = address(
            item,
            `${base}.${kind}.${j}.email`,
            'Does not contain a valid address.',
            `message.personalizations.${kind}`,
          );
          return parsed ? [parsed] : [];
        });
      };
      const to = list('to');
      const cc = list('cc');
      const bcc = list('bcc');
      const seen = new Set<string>();
      for (const [kind, addresses] of [
        ['to', to],
        ['cc', cc],
        ['bcc', bcc],
      ] as const) {
        for (const { email } of addresses) {
          const key = email.toLowerCase();
          if (seen.has(key)) {
            fail(
              `${base}.${kind}`,
              `Each email address in the personalization block should be unique between to, cc, and bcc. We found the first duplicate instance of [${email}] in the ${base}.${kind} field.`,
              'message.recipient_errors',
            );
          }
          seen.add(key);
        }
      }
      personalizations.push({
        to,
        cc,
        bcc,
        ...(typeof raw.subject === 'string' && raw.subject ? { subject: raw.subject } : {}),
        ...(raw.dynamic_template_data !== undefined
          ? { dynamicTemplateData: raw.dynamic_template_data }
          : {}),
        substitutions: stringMap(raw.substitutions, `${base}.substitutions`),
        customArgs: stringMap(raw.custom_args, `${base}.custom_args`),
      });
    });
  }

  let from: Address | undefined;
  if (body.from === undefined) {
    fail(
      'from',
      'The from object must be provided for every email send. It is an object that requires the email parameter, but may also contain a name parameter.',
      'message.from',
    );
  } else {
    from = address(
      body.from,
      'from.email',
      'The from email does not contain a valid address.',
      'message.from',
    );
  }
  const replyTo =
    body.reply_to === undefined
      ? undefined
      : address(
          body.reply_to,
          'reply_to.email',
          'The reply_to email does not contain a valid address.',
          'message.reply_to',
        );

  const templateId = typeof body.template_id === 'string' && body.template_id ? body.template_id : undefined;
  const subject = typeof body.subject === 'string' && body.subject ? body.subject : undefined;
  if (!subject && !templateId && !personalizations.every((p) => p.subject)) {
    fail(
      'subject',
      'The subject is required. You can get around this requirement if you use a template with a subject defined or if every personalization has a subject defined.',
      'message.subject',
    );
  }

  let text: string | undefined;
  let html: string | undefined;
  const content = body.content;
  if (content === undefined || (Array.isArray(content) && content.length === 0)) {
    if (!templateId) {
      fail(
        'content',
        'Unless a valid template_id is provided, the content parameter is required. There must be at least one defined content block. We typically suggest both text/plain and text/html blocks are included, but only one block is required.',
        'message.content',
      );
    }
  } else if (!Array.isArray(content)) {
    fail('content', 'The content parameter must be an array of content blocks.', 'message.content');
  } else {
    const types: string[] = [];
    content.forEach((block, i) => {
      if (!isObject(block) || typeof block.type !== 'string' || !block.type) {
        fail(
          `content.${i}.type`,
          'The content type must be provided and must be a string.',
          'message.content.type',
        );
        return;
      }
      if (typeof block.value !== 'string' || block.value.length === 0) {
        fail(
          `content.${i}.value`,
          'The content value must be a string at least one character in length.',
          'message.content.value',
        );
        return;
      }
      types.push(block.type);
      if (block.type === 'text/plain') text = block.value;
      if (block.type === 'text/html') html = block.value;
    });
    const expected = ['text/plain', 'text/html'].filter((type) => types.includes(type));
    if (!expected.every((type, i) => types[i] === type)) {
      fail(
        'content',
        'If present, text/plain content must be first, followed by text/html, followed by any other content.',
        'message.content',
      );
    }
  }

  const categories = body.categories;
  if (
    categories !== undefined &&
    (!Array.isArray(categories) ||
      categories.length > 10 ||
      !categories.every((category) => typeof category === 'string' && category.length <= 255))
  ) {
    fail(
      'categories',
      'Categories must be an array of at most 10 strings of up to 255 characters.',
      'message.categories',
    );
  }

  const customArgs = stringMap(body.custom_args, 'custom_args');
  const sendAt = body.send_at;
  if (sendAt !== undefined && !(Number.isInteger(sendAt) && (sendAt as number) >= 0)) {
    fail('send_at', 'send_at must be a unix timestamp.', 'message.send_at');
  }
  const mailSettings = isObject(body.mail_settings) ? body.mail_settings : {};
  const sandboxMode = isObject(mailSettings.sandbox_mode) && mailSettings.sandbox_mode.enable === true;

  if (errors.length || !from) throw new SendgridApiError(400, errors);
  return {
    personalizations,
    from,
    ...(replyTo ? { replyTo } : {}),
    ...(subject ? { subject } : {}),
    ...(text !== undefined ? { text } : {}),
    ...(html !== undefined ? { html } : {}),
    ...(templateId ? { templateId } : {}),
    categories: (categories as string[] | undefined) ?? [],
    customArgs,
    ...(typeof sendAt === 'number' ? { sendAt } : {}),
    sandboxMode,
  };
}
