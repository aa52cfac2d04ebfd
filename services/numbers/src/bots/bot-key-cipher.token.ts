/** DI token of the `BotKeyCipher` holding the service's bot key encryption key. */
export const BOT_KEY_CIPHER = Symbol('BOT_KEY_CIPHER');
