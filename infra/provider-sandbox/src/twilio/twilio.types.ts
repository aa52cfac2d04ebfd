/** Twilio REST resources (2010-04-01 API) in Twilio's JSON shape. */

export type MessageStatus =
  | 'accepted'
  | 'queued'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'undelivered'
  | 'failed'
  | 'received';

export interface MessageResource {
  account_sid: string;
  api_version: '2010-04-01';
  body: string;
  date_created: string;
  date_sent: string | null;
  date_updated: string;
  direction: 'outbound-api' | 'inbound';
  error_code: number | null;
  error_message: string | null;
  from: string;
  messaging_service_sid: string | null;
  num_media: string;
  num_segments: string;
  price: string | null;
  price_unit: 'USD';
  sid: string;
  status: MessageStatus;
  subresource_uris: { media: string };
  to: string;
  uri: string;
}

export interface IncomingPhoneNumberResource {
  account_sid: string;
  address_requirements: 'none';
  api_version: '2010-04-01';
  beta: false;
  capabilities: { fax: false; mms: true; sms: true; voice: true };
  date_created: string;
  date_updated: string;
  friendly_name: string;
  origin: 'twilio';
  phone_number: string;
  sid: string;
  sms_fallback_method: 'POST';
  sms_fallback_url: string;
  sms_method: 'GET' | 'POST';
  sms_url: string;
  status: 'in-use';
  status_callback: string;
  status_callback_method: 'POST';
  uri: string;
  voice_method: 'POST';
  voice_url: string;
}

/** Twilio's date format: RFC 2822 with a numeric zone ("Tue, 11 Nov 2025 10:00:00 +0000"). */
export function rfc2822(date = new Date()): string {
  return date.toUTCString().replace('GMT', '+0000');
}
