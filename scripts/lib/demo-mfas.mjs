// The demo customer's numbers, made once by `npm start` through the product's own API, as a customer
// would: a MultiMFA (bought with the 100% code) whose one member, the customer, accepted the
// invitation the sandbox inbox received and so gets codes by e-mail and SMS; and a RoboMFA with one
// bot, whose API key is printed for the README's curl example. Texting the MultiMFA's number from the
// sandbox inbox shows the forwards arrive there.
import { DEMO_ACCOUNTS } from './demo-data.mjs';

const FREE = 'FREE100';
const INVITATION_SUBJECT = 'You are invited to a MultiMFA team';

/** The gateway's API with a cookie jar and the double-submit XSRF header, as the web app calls it. */
class DemoApi {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    this.cookies = new Map();
  }

  async call(method, path, body) {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const send = () =>
      fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A pooled connection the gateway closed while idle fails at once; a GET is safe to send again.
    const response = await send()
      .catch((error) => (method === 'GET' ? send() : Promise.reject(error)))
      .catch((error) => {
        throw new Error(`${method} ${path}: ${error.message} (${error.cause?.code ?? error.cause?.message})`);
      });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const envelope = await response.json().catch(() => ({}));
    if (!response.ok || envelope.isError) {
      throw new Error(`${method} ${path} answered ${response.status}: ${envelope.message ?? ''}`);
    }
    return envelope.data;
  }
}

async function buy(api, MFAType) {
  const plans =
    MFAType === 'MultiMFA'
      ? (await api.call('GET', '/api/plan/list')).plans
      : (await api.call('GET', '/api/plan/list-robomfa-plans')).plans;
  const plan = plans.toSorted((a, b) => a.noOfUsers - b.noOfUsers)[0];
  // The United States: the provider sandbox's pool has numbers there.
  const countries = await api.call('GET', '/api/plan/getMFACountries');
  const country = countries.find((c) => c.isoCode === 'US') ?? countries[0];
  const discount = await api.call('POST', '/api/plan/apply-discount', { code: FREE, planId: plan.planId });
  const intent = await api.call('POST', '/api/auth/create-intent', {
    MFAType,
    planId: plan.planId,
    name: `Demo ${MFAType}`,
    description: `The demo customer's ${MFAType}`,
    countryId: country.multiMFACountryId,
    discountId: discount.discountId,
  });
  const path = MFAType === 'MultiMFA' ? '/api/plan/create' : '/api/robo-mfa/create';
  return (await api.call('POST', path, { stripePayment: { checkout_id: intent.checkoutId } })).MFA;
}

/** The newest e-mail to `address` after `cursor` matching `subject`, waiting for it a while. */
async function emailTo(sandboxUrl, address, subject, cursor) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const query = new URLSearchParams({ channel: 'email', to: address, after: String(cursor) });
    const { data } = await (await fetch(`${sandboxUrl}/_sandbox/messages?${query}`)).json();
    const mail = data.find((entry) => entry.subject === subject);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`no "${subject}" e-mail reached ${address}`);
}

async function verifiedMember(api, sandboxUrl, customer, multiMFAId) {
  const added = await api.call('POST', '/api/plan/add-member', {
    multiMFAId,
    firstName: customer.firstName,
    lastName: customer.lastName,
    forwardMedium: 'BOTH',
    email: customer.email,
    mobileNo: customer.mobile,
  });
  const { cursor } = await (await fetch(`${sandboxUrl}/_sandbox/messages?limit=1`)).json();
  await api.call('POST', '/api/plan/request-activation', { memberId: added.dbMember.memberId });
  const mail = await emailTo(sandboxUrl, customer.email, INVITATION_SUBJECT, cursor);
  const link = /https?:\/\/\S+\/activation\/[\w%-]+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error('the invitation e-mail has no activation link');
  const token = decodeURIComponent(new URL(link).pathname.split('/').at(-1));
  await api.call('POST', '/api/plan/activate-member', { token });
}

/**
 * Makes the demo customer's MultiMFA and RoboMFA unless they have some already; answers the numbers
 * and the bot's key to print.
 */
export async function createDemoMfas(config) {
  const customer = DEMO_ACCOUNTS.find((account) => account.type === 'CUSTOMER');
  const api = new DemoApi(`http://127.0.0.1:${config.ports.gateway}`);
  await api.call('GET', '/api/auth/xsrf');
  await api.call('POST', '/api/auth/login', { emailAddress: customer.email, password: customer.password });
  let [multi] = (await api.call('GET', '/api/plan/list-multimfa')).list;
  if (!multi) {
    multi = await buy(api, 'MultiMFA');
    await verifiedMember(api, config.sandboxUrl, customer, multi.multiMFAId);
  }
  let [robo] = (await api.call('GET', '/api/robo-mfa/list')).list;
  if (!robo) {
    robo = await buy(api, 'RoboMFA');
    await api.call('POST', '/api/robo-mfa/create-bot', {
      roboMFAId: robo.roboMFAId,
      referenceName: 'Demo bot',
    });
  }
  const detail = await api.call('GET', `/api/robo-mfa/details/${robo.roboMFAId}`);
  await api.call('POST', '/api/auth/logout');
  return { multiMfaNumber: multi.twillioNo, roboMfaNumber: robo.twilioNo, botKey: detail.bots[0]?.APIKey };
}
