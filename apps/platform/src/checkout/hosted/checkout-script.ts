/**
 * The hosted checkout's one script (progressive enhancement: the page works without it). As the
 * shopper types or picks, it posts the form to the estimate endpoint and puts the server-rendered
 * parts it answers (shipping options, summary, the place-order button, a country's region field) in
 * place; a saved address fills the shipping fields. The same answer says what placing the order would
 * refuse, by field: a field's words show beside it once the shopper has left it, and go as it is put
 * right. Every rule stays on the server.
 */
export const checkoutScript = /* js */ `
(() => {
  const form = document.querySelector('form[data-checkout]');
  if (!form) return;
  const estimateUrl = form.getAttribute('data-estimate');
  document.documentElement.classList.add('js');
  let timer = 0;
  let sequence = 0;
  const countries = () => [...form.querySelectorAll('select[data-country]')].map((s) => s.value).join('|');
  let lastCountries = countries();
  // Fields the shopper has left: only their errors show as they type, so nobody is told off early.
  const left = new Set();
  function showError(control, message) {
    const holder = control.closest('.field') || control.parentElement;
    const id = (control.id || 'field-' + control.name) + '-error';
    let note = document.getElementById(id);
    if (!message) {
      if (note) note.remove();
      control.removeAttribute('aria-invalid');
      const rest = (control.getAttribute('aria-describedby') || '').split(' ').filter((one) => one && one !== id);
      if (rest.length) control.setAttribute('aria-describedby', rest.join(' '));
      else control.removeAttribute('aria-describedby');
      return;
    }
    if (!note) {
      note = document.createElement('div');
      note.className = 'error-text';
      note.id = id;
      holder.appendChild(note);
    }
    if (note.textContent !== message) note.textContent = message;
    control.setAttribute('aria-invalid', 'true');
    const described = (control.getAttribute('aria-describedby') || '').split(' ').filter(Boolean);
    if (!described.includes(id)) control.setAttribute('aria-describedby', described.concat(id).join(' '));
  }
  function showErrors(errors) {
    for (const control of form.querySelectorAll('input[name], select[name]')) {
      if (control.type === 'hidden' || control.type === 'radio' || control.type === 'checkbox') continue;
      const message = errors[control.name];
      if (!message) showError(control, '');
      else if (left.has(control.name)) showError(control, message);
    }
  }
  async function estimate() {
    const mine = ++sequence;
    const status = document.querySelector('[data-estimate-status]');
    if (status) status.textContent = 'Updating totals…';
    try {
      const response = await fetch(estimateUrl, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form)),
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (!response.ok || mine !== sequence) return;
      const answer = await response.json();
      const changedCountry = countries() !== lastCountries;
      lastCountries = countries();
      for (const [name, html] of Object.entries(answer.fragments)) {
        if (name.startsWith('region-') && !changedCountry) continue;
        for (const target of document.querySelectorAll('[data-fragment="' + name + '"]')) {
          const open = target.closest('details')?.open;
          target.innerHTML = html;
          if (open !== undefined) target.closest('details').open = open;
        }
      }
      showErrors(answer.errors || {});
      if (status) status.textContent = 'Totals are up to date.';
    } catch {
      if (status) status.textContent = 'The totals could not be updated; they are checked again when you place the order.';
    }
  }
  function soon(delay) {
    clearTimeout(timer);
    timer = setTimeout(estimate, delay);
  }
  form.addEventListener('input', (event) => {
    if (event.target.name === 'csrf') return;
    soon(event.target.tagName === 'SELECT' || event.target.type === 'radio' || event.target.type === 'checkbox' ? 0 : 500);
  });
  form.addEventListener('focusout', (event) => {
    const name = event.target.name;
    if (!name || name === 'csrf' || left.has(name)) return;
    left.add(name);
    soon(0);
  });
  form.addEventListener('change', (event) => {
    const picked = event.target.closest('select[data-saved-addresses]');
    if (!picked) return;
    const option = picked.selectedOptions[0];
    const address = option && option.value ? JSON.parse(option.getAttribute('data-address') || '{}') : null;
    if (!address) return;
    for (const [key, value] of Object.entries(address)) {
      const field = form.elements.namedItem('shipping.' + key);
      // The profile's names fill only names not typed yet.
      const isName = key === 'firstName' || key === 'lastName';
      if (field && 'value' in field && !(isName && field.value)) field.value = value;
    }
    soon(0);
  });
  const billingSame = form.elements.namedItem('billingSameAsShipping');
  const billing = document.querySelector('[data-billing-fields]');
  function showBilling() {
    if (billingSame && billing) billing.hidden = billingSame.checked;
  }
  if (billingSame) billingSame.addEventListener('change', showBilling);
  showBilling();
})();
`
