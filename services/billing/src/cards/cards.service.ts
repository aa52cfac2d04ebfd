import type { SavedCard, UpdateCardRequest } from '@multimfa/service-contracts/billing';
import { Clock, LOGGER, type Logger } from '@multimfa/service-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { CustomersService } from '../customers/customers.service.js';
import { CardRejected, PaymentsProvider, type ProviderCard } from '../stripe/payments-provider.port.js';
import { cardNotFound, cardRejected, customerNotFound, expiryYearInvalid, lastCard } from './cards.errors.js';
import { CardsRepository } from './cards.repository.js';
import type { SavedCardRow } from './saved-card.entity.js';

export function toSavedCard(row: SavedCardRow): SavedCard {
  return {
    id: row.id,
    name: row.name,
    last4: row.last4,
    brand: row.brand,
    country: row.country,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    address_zip: row.addressZip,
    isDefault: row.isDefault,
  };
}

function mirrorOf(card: ProviderCard) {
  return {
    name: card.name ? card.name.slice(0, 30) : null,
    last4: card.last4,
    brand: card.brand,
    country: card.country,
    expMonth: card.expMonth,
    expYear: card.expYear,
    addressZip: card.addressZip,
  };
}

/**
 * Credit Card Management: the user's cards saved at Stripe, mirrored in billing. The Stripe customer
 * id of every call is checked against the user's own (someone else's answers 404), and so is the card.
 * The first card becomes the default one; deleting the default promotes the oldest remaining card. The
 * last card cannot go while a subscription renews by itself.
 */
@Injectable()
export class CardsService {
  constructor(
    @Inject(CardsRepository) private readonly cards: CardsRepository,
    @Inject(CustomersService) private readonly customers: CustomersService,
    @Inject(PaymentsProvider) private readonly payments: PaymentsProvider,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The user's Stripe customer, when it is the one named. */
  private async customerOf(userId: string, stripeCustomerId: string): Promise<string> {
    const customer = await this.customers.find(userId).catch(() => null);
    if (!customer || customer.stripeCustomerId !== stripeCustomerId) throw customerNotFound();
    return customer.stripeCustomerId;
  }

  async list(userId: string, stripeCustomerId: string): Promise<SavedCard[]> {
    await this.customerOf(userId, stripeCustomerId);
    return (await this.cards.list(userId)).map(toSavedCard);
  }

  async get(userId: string, stripeCustomerId: string, cardId: string): Promise<SavedCard> {
    await this.customerOf(userId, stripeCustomerId);
    const card = await this.cards.find(userId, cardId);
    if (!card) throw cardNotFound();
    return toSavedCard(card);
  }

  /** Saves the card form's PaymentMethod on the user's customer; the first card is the default. */
  async add(userId: string, stripeCustomerId: string, paymentMethodId: string): Promise<SavedCard> {
    const customerId = await this.customerOf(userId, stripeCustomerId);
    let attached: ProviderCard;
    try {
      attached = await this.payments.attachCard({ paymentMethodId, customerId });
    } catch (error) {
      if (error instanceof CardRejected) throw cardRejected(error.message);
      throw error;
    }
    if (attached.customerId !== customerId) throw cardRejected('This card cannot be saved');
    const saved = await this.mirror(userId, customerId, attached);
    this.logger.info({ userId, cardId: saved.id, isDefault: saved.isDefault }, 'card saved');
    return toSavedCard(saved);
  }

  /**
   * The card that paid a purchase, kept for the renewals: Stripe attached it to the customer
   * (`setup_future_usage`), billing mirrors it, the default when the user has none. Idempotent; false
   * when Stripe did not keep it on this customer (nothing is saved then).
   */
  async savePaidCard(userId: string, customerId: string, paymentMethodId: string): Promise<boolean> {
    const card = await this.payments.retrieveCard(paymentMethodId);
    if (!card || card.customerId !== customerId) {
      this.logger.warn({ userId, paymentMethodId }, 'the card that paid was not kept on the customer');
      return false;
    }
    const saved = await this.mirror(userId, customerId, card);
    this.logger.info({ userId, cardId: saved.id, isDefault: saved.isDefault }, 'card that paid saved');
    return true;
  }

  /** Mirrors a card attached to the user's customer; the first card becomes the default. */
  private async mirror(userId: string, customerId: string, attached: ProviderCard): Promise<SavedCardRow> {
    const saved = await this.cards.transaction(async (manager) => {
      if (!(await this.cards.lockCustomer(manager, userId))) throw customerNotFound();
      const existing = await this.cards.list(userId, manager);
      const isDefault =
        existing.find((card) => card.id === attached.id)?.isDefault ??
        !existing.some((card) => card.isDefault);
      await this.cards.upsert(manager, {
        id: attached.id,
        userId,
        stripeCustomerId: customerId,
        ...mirrorOf(attached),
        isDefault,
      });
      if (isDefault) await this.payments.setDefaultCard({ customerId, paymentMethodId: attached.id });
      return this.cards.find(userId, attached.id, manager);
    });
    if (!saved) throw cardNotFound();
    return saved;
  }

  /** The Update Card modal: expiry, holder name, zip (customer-area section 5, Card update). */
  async update(
    userId: string,
    stripeCustomerId: string,
    cardId: string,
    change: UpdateCardRequest,
  ): Promise<SavedCard> {
    await this.customerOf(userId, stripeCustomerId);
    if (change.exp_year < this.clock.now().getUTCFullYear()) throw expiryYearInvalid();
    const card = await this.cards.find(userId, cardId);
    if (!card) throw cardNotFound();
    let updated: ProviderCard;
    try {
      updated = await this.payments.updateCard(cardId, {
        expMonth: change.exp_month,
        expYear: change.exp_year,
        name: change.name,
        addressZip: change.address_zip,
      });
    } catch (error) {
      if (error instanceof CardRejected) throw cardRejected(error.message);
      throw error;
    }
    await this.cards.transaction(async (manager) => {
      const { last4: _l, brand: _b, country: _c, ...changed } = mirrorOf(updated);
      await this.cards.update(manager, { userId, id: cardId }, changed);
    });
    const saved = await this.cards.find(userId, cardId);
    if (!saved) throw cardNotFound();
    return toSavedCard(saved);
  }

  /** Detaches the card at Stripe and forgets it; the default passes to the oldest remaining card. */
  async remove(userId: string, stripeCustomerId: string, cardId: string): Promise<void> {
    const customerId = await this.customerOf(userId, stripeCustomerId);
    await this.cards.transaction(async (manager) => {
      if (!(await this.cards.lockCustomer(manager, userId))) throw customerNotFound();
      const cards = await this.cards.list(userId, manager);
      const card = cards.find((candidate) => candidate.id === cardId);
      if (!card) throw cardNotFound();
      const rest = cards.filter((candidate) => candidate.id !== cardId);
      if (rest.length === 0 && (await this.cards.hasRenewingSubscription(manager, userId))) throw lastCard();
      await this.payments.detachCard(cardId);
      await this.cards.delete(manager, { userId, id: cardId });
      const heir = card.isDefault ? rest[0] : undefined;
      if (heir) {
        await this.cards.update(manager, { userId, id: heir.id }, { isDefault: true });
        await this.payments.setDefaultCard({ customerId, paymentMethodId: heir.id });
      }
    });
    this.logger.info({ userId, cardId }, 'card deleted');
  }
}
