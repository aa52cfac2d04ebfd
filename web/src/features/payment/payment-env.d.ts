// Build-time settings of the payment form (Vite exposes VITE_* variables to the browser bundle).
interface ImportMetaEnv {
  /** `stripe` (Stripe Elements, production) or `sandbox` (the local card form against the provider sandbox). */
  readonly VITE_PAYMENT_PROVIDER?: string;
  /** Stripe's publishable key (pk_live_… / pk_test_…; the sandbox's is pk_test_multimfa_sandbox by default). */
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  /** Base URL of the provider sandbox for `sandbox`: absolute, or a same-origin proxy path (default http://127.0.0.1:24090). */
  readonly VITE_PAYMENT_SANDBOX_URL?: string;
}
