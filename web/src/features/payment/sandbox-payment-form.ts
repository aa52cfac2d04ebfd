import { formatCardNumberInput, formatExpiryInput, formatKeepingCaret } from './card-input-format';
import type { ConfirmOutcome, CreatedPaymentMethod, PaymentForm } from './payment-form';
import { type CardDetails, createCardPaymentMethod, payWithCard } from './sandbox-stripe-api';

let instances = 0;

const FIELD_STYLE: Partial<CSSStyleDeclaration> = {
  font: 'inherit',
  padding: '0.55rem 0.7rem',
  border: '1px solid var(--mantine-color-gray-4, #ced4da)',
  borderRadius: '6px',
  width: '100%',
  boxSizing: 'border-box',
  background: 'var(--mantine-color-body, #fff)',
  color: 'inherit',
};

/** `12/28`, `12 / 2028` → month and four-digit year. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = Number(match[2]) + ((match[2] ?? '').length === 2 ? 2000 : 0);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/**
 * Development and tests: a plain card form that pays against the provider sandbox the way Stripe.js
 * does (PaymentMethod from the card details, then confirm with the client secret). Built with DOM
 * calls and CSSOM styles only, so it works under a strict Content-Security-Policy.
 */
export class SandboxPaymentForm implements PaymentForm {
  readonly provider = 'sandbox' as const;
  private root: HTMLElement | undefined;
  private inputs: Record<'number' | 'expiry' | 'cvc' | 'name' | 'postalCode', HTMLInputElement> | undefined;
  private stopFormatting: Array<() => void> = [];

  constructor(private readonly options: { apiBase: string; publishableKey: string }) {}

  async mount(container: HTMLElement): Promise<void> {
    const prefix = `sandbox-card-${++instances}`;
    const root = document.createElement('div');
    Object.assign(root.style, { display: 'grid', gap: '0.75rem', gridTemplateColumns: '1fr 1fr' });
    root.dataset.testid = 'sandbox-card-form';

    const field = (
      name: keyof NonNullable<SandboxPaymentForm['inputs']>,
      label: string,
      attributes: Record<string, string>,
      span = 2,
    ) => {
      const wrapper = document.createElement('div');
      Object.assign(wrapper.style, { display: 'grid', gap: '0.3rem', gridColumn: `span ${span}` });
      const labelElement = document.createElement('label');
      labelElement.htmlFor = `${prefix}-${name}`;
      labelElement.textContent = label;
      Object.assign(labelElement.style, { fontWeight: '600', fontSize: '0.875rem' });
      const input = document.createElement('input');
      input.id = `${prefix}-${name}`;
      input.name = name;
      input.type = 'text';
      for (const [key, value] of Object.entries(attributes)) input.setAttribute(key, value);
      Object.assign(input.style, FIELD_STYLE);
      wrapper.append(labelElement, input);
      root.append(wrapper);
      return input;
    };

    this.inputs = {
      number: field('number', 'Card number', {
        inputmode: 'numeric',
        autocomplete: 'cc-number',
        placeholder: '4242 4242 4242 4242',
        maxlength: '23',
      }),
      expiry: field(
        'expiry',
        'Expiry (MM / YY)',
        { inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / YY' },
        1,
      ),
      cvc: field(
        'cvc',
        'CVC',
        { inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: '123', maxlength: '4' },
        1,
      ),
      name: field('name', 'Name on card', { autocomplete: 'cc-name' }, 1),
      postalCode: field('postalCode', 'ZIP / postal code', { autocomplete: 'postal-code' }, 1),
    };

    // The number and the expiry are formatted as typed, the caret kept after the digit it followed.
    const formatAsTyped = (input: HTMLInputElement, format: (value: string) => string) => {
      const onInput = () => {
        const next = formatKeepingCaret(input.value, input.selectionEnd ?? input.value.length, format);
        input.value = next.value;
        input.setSelectionRange(next.caret, next.caret);
      };
      input.addEventListener('input', onInput);
      this.stopFormatting.push(() => input.removeEventListener('input', onInput));
    };
    formatAsTyped(this.inputs.number, formatCardNumberInput);
    formatAsTyped(this.inputs.expiry, formatExpiryInput);

    const hint = document.createElement('p');
    hint.textContent =
      'Provider sandbox, no real card is charged. 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; ' +
      '4000 0025 0000 3155 asks for 3-D Secure.';
    Object.assign(hint.style, { gridColumn: 'span 2', margin: '0', fontSize: '0.8rem', opacity: '0.75' });
    root.append(hint);

    container.replaceChildren(root);
    this.root = root;
  }

  /** The sandbox's fields do not depend on the amount: the PaymentIntent carries it. */
  setAmount(): void {}

  async validate(): Promise<string | undefined> {
    const card = this.readCard();
    return 'message' in card ? card.message : undefined;
  }

  async confirm(clientSecret: string, returnUrl: string): Promise<ConfirmOutcome> {
    const card = this.readCard();
    if ('message' in card) return { status: 'failed', message: card.message };
    const result = await payWithCard({
      apiBase: this.options.apiBase,
      publishableKey: this.options.publishableKey,
      clientSecret,
      card,
      returnUrl,
    }).catch(() => ({ status: 'failed' as const, message: 'The payment service could not be reached.' }));
    if (result.status === 'failed') return result;
    window.location.assign(result.redirectTo);
    return { status: 'redirecting' };
  }

  async createPaymentMethod(): Promise<CreatedPaymentMethod> {
    const card = this.readCard();
    if ('message' in card) return { status: 'failed', message: card.message };
    const created = await createCardPaymentMethod(
      this.options.apiBase,
      this.options.publishableKey,
      card,
    ).catch(() => ({ message: 'The card service could not be reached.' }));
    return 'message' in created
      ? { status: 'failed', message: created.message }
      : { status: 'created', id: created.id };
  }

  destroy(): void {
    for (const stop of this.stopFormatting) stop();
    this.stopFormatting = [];
    this.root?.remove();
    this.root = undefined;
    this.inputs = undefined;
  }

  private readCard(): CardDetails | { message: string } {
    const inputs = this.inputs;
    if (!inputs) return { message: 'The card form is not ready.' };
    const number = inputs.number.value.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(number)) return { message: 'Your card number is incomplete.' };
    const expiry = parseExpiry(inputs.expiry.value);
    if (!expiry) return { message: "Your card's expiration date is incomplete." };
    const cvc = inputs.cvc.value.trim();
    if (!/^\d{3,4}$/.test(cvc)) return { message: "Your card's security code is incomplete." };
    const name = inputs.name.value.trim();
    const postalCode = inputs.postalCode.value.trim();
    return {
      number,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvc,
      ...(name ? { name } : {}),
      ...(postalCode ? { postalCode } : {}),
    };
  }
}
