/**
 * Whether the built-in test card provider is offered (`PAYMENTS_TEST_PROVIDER`, decision 054): `off`;
 * `on`, outside production; `on-in-production`, for a staging platform, where every payment page and
 * the dashboard carry a banner that says payments are not real.
 */
export type TestProviderMode = 'off' | 'on' | 'on-in-production'
