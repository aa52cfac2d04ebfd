// @multimfa/provider-sandbox: the client for tests and tools. The server is "@multimfa/provider-sandbox/server",
// the twilio SDK adapter "@multimfa/provider-sandbox/twilio".
export * from './sandbox-client.js';
