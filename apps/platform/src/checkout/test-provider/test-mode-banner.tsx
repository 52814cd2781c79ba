import { renderToStaticMarkup } from 'react-dom/server'

/**
 * What every payment page and dashboard page of a production platform with the test card provider on
 * says first (decision 054): its payments are not real, so nothing it sells is paid for.
 */
export function testModeBanner(): string {
  banner ??= renderToStaticMarkup(
    <p className="warning test-mode-banner" role="alert" data-test-mode-banner="">
      <strong>Test mode.</strong> This shop takes test payments: no real money is charged, and test cards such
      as 4242 4242 4242 4242 pay for any order. Its operator turned on PAYMENTS_TEST_PROVIDER.
    </p>,
  )
  return banner
}

// Drawn on first use, not when the module loads: a platform whose test provider is off never draws it.
let banner: string | undefined
